// The settings hash Java computes for run records, for checking the Go port against (hash_test.go):
//   java -cp analysis/target/analysis.jar go/record/testdata/SettingsHashOf.java RUN.json...
// prints each record's hash as run-record's SettingsHash.of computes it from the record's settings
// (not the hash the record carries).
import java.nio.file.Path;
import org.rpcbench.record.Records;
import org.rpcbench.record.SettingsHash;

public class SettingsHashOf {
    public static void main(String[] args) throws Exception {
        for (String file : args) {
            System.out.println(SettingsHash.of(Records.read(Path.of(file))) + " " + file);
        }
    }
}
