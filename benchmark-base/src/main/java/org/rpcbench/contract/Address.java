package org.rpcbench.contract;

import java.io.Serializable;
import java.util.Objects;

/** A postal address: the nested part of {@link Person}. */
public class Address implements Serializable {
    private static final long serialVersionUID = 1L;

    private String street;
    private String city;
    private String zip;
    private String country;

    public String getStreet() { return street; }
    public void setStreet(String street) { this.street = street; }
    public String getCity() { return city; }
    public void setCity(String city) { this.city = city; }
    public String getZip() { return zip; }
    public void setZip(String zip) { this.zip = zip; }
    public String getCountry() { return country; }
    public void setCountry(String country) { this.country = country; }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Address a && Objects.equals(street, a.street) && Objects.equals(city, a.city)
                && Objects.equals(zip, a.zip) && Objects.equals(country, a.country);
    }

    @Override
    public int hashCode() {
        return Objects.hash(street, city, zip, country);
    }

    @Override
    public String toString() {
        return street + ", " + zip + " " + city + ", " + country;
    }
}
