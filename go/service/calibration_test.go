package service

import "testing"

func TestTheCalibrationCostIsReadPerMethodOrForAll(t *testing.T) {
	c, err := ParseCosts("getUser:1100,listUser:2300")
	if err != nil {
		t.Fatal(err)
	}
	if c.GetUser != 1100 || c.ListUser != 2300 || c.ExistUser != 0 || c.Say != 0 || c.iterationsPerNano <= 0 {
		t.Errorf("%+v", c)
	}
	if c.Setting() == "" {
		t.Error("a cost must be stated in the settings")
	}
	all, _ := ParseCosts("1500")
	if all.ExistUser != 1500 || all.Say != 1500 || all.Ping != 1500 {
		t.Errorf("%+v", all)
	}
	for _, none := range []string{"", "0"} {
		if c, err := ParseCosts(none); err != nil || c.Setting() != "" || c.GetUser != 0 {
			t.Errorf("%q: %+v %v", none, c, err)
		}
	}
	for _, bad := range []string{"abc", "-5", "getUser:", "01", "getUser:1,"} {
		if _, err := ParseCosts(bad); err == nil {
			t.Errorf("%q was taken", bad)
		}
	}
}
