package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The report as a reader sees it: opened from a file in headless Chromium (Debian's chromium package) with
 * the network closed. It must render, draw every chart and every whisker, leave no value outside its axis, and
 * say nothing on the console: a blocked fetch, a script error or a warning would all show there. The screenshot is kept in target/ for a person to look at,
 * and read here for the charts' colours.
 */
class HtmlReportBrowserTest {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path OUT = Path.of("target", "report-browser-test");

    @BeforeAll
    static void needsChromium() {
        if (!Files.isExecutable(CHROMIUM)) {
            String why = "Chromium is not installed (Debian: apt-get install chromium; ./test.sh does it)";
            if (System.getenv("CI") != null) {
                throw new IllegalStateException(why);
            }
            Assumptions.abort(why);
        }
    }

    record Browser(int exit, String stdout, String stderr) {
        List<String> console() {
            return stderr.lines().filter(l -> l.contains(":CONSOLE")).toList();
        }
    }

    static Browser chromium(Path profile, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile.toAbsolutePath(), "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=10000", "--window-size=1400,3600", "--hide-scrollbars"));
        command.addAll(List.of(args));
        Path stdout = Files.createTempFile(OUT, "stdout", ".txt");
        Path stderr = Files.createTempFile(OUT, "stderr", ".txt");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("Chromium did not finish within 120 s: " + String.join(" ", command));
            }
            return new Browser(p.exitValue(), Files.readString(stdout, StandardCharsets.UTF_8),
                    Files.readString(stderr, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
            try (java.util.stream.Stream<Path> files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    @Test
    void theReportRendersDrawsEveryChartAndSaysNothingOnTheConsole() throws Exception {
        Files.createDirectories(OUT);
        Path page = OUT.resolve("suite.html").toAbsolutePath();
        Files.writeString(page, HtmlReport.render(HtmlReportTest.suite(), null, HtmlReportTest.trends(), HtmlReportTest.T0),
                StandardCharsets.UTF_8);
        String url = page.toUri().toString();

        Browser dom = chromium(Files.createTempDirectory(OUT, "profile"), "--dump-dom", url);
        assertThat(dom.exit()).as(dom.stderr()).isZero();
        assertThat(dom.console()).as("console messages").isEmpty();
        Matcher charts = Pattern.compile("data-charts=\"(\\d+)\"").matcher(dom.stdout());
        Matcher drawn = Pattern.compile("data-charts-drawn=\"(\\d+)\"").matcher(dom.stdout());
        assertThat(charts.find()).as("the drawing script ran to its end").isTrue();
        assertThat(drawn.find()).isTrue();
        assertThat(Integer.parseInt(charts.group(1))).isEqualTo(8); // 7 of the suite and one trend
        assertThat(drawn.group(1)).as("canvases with ink").isEqualTo(charts.group(1));
        assertThat(mark(dom, "values-hidden")).as("values outside their axis").isZero();
        assertThat(mark(dom, "whiskers-given")).as("one run: no interval, so no whisker").isZero();

        Path shot = OUT.resolve("suite.png").toAbsolutePath();
        Files.deleteIfExists(shot);
        Browser screenshot = chromium(Files.createTempDirectory(OUT, "profile"), "--screenshot=" + shot, url);
        assertThat(screenshot.exit()).as(screenshot.stderr()).isZero();
        assertThat(screenshot.console()).isEmpty();
        BufferedImage image = ImageIO.read(shot.toFile());
        assertThat(image.getWidth()).isEqualTo(1400);
        // the first three colours fill bars (of pairs, and of percentiles), not only a legend's swatches
        for (String colour : HtmlReport.PALETTE.subList(0, 3)) {
            assertThat(pixelsOf(image, colour)).as("pixels of " + colour).isGreaterThan(2000);
        }
    }

    @Test
    void overThreeRoundsEveryWhiskerIsDrawnAndNoValueOrWhiskerEndLiesOutsideItsAxis() throws Exception {
        Files.createDirectories(OUT);
        Path page = OUT.resolve("suite-rounds.html").toAbsolutePath();
        String html = HtmlReport.render(HtmlReportTest.rounds(new double[] {30000, 31000, 32000}, new double[] {20000, 20500, 21000}),
                HtmlReportTest.seed001(), java.util.Map.of(), HtmlReportTest.T0);
        Files.writeString(page, html, StandardCharsets.UTF_8);
        int intervals = 0;
        for (var chart : HtmlReportTest.charts(html)) {
            for (var set : HtmlReportTest.datasets(chart)) {
                intervals += (int) HtmlReportTest.intervals(set).stream().filter(i -> i != null).count();
            }
        }

        Browser dom = chromium(Files.createTempDirectory(OUT, "profile"), "--dump-dom", page.toUri().toString());
        assertThat(dom.exit()).as(dom.stderr()).isZero();
        assertThat(dom.console()).as("console messages").isEmpty();
        assertThat(mark(dom, "charts")).isEqualTo(mark(dom, "charts-drawn")).isEqualTo(HtmlReportTest.charts(html).size());
        // every bar of both pairs has its interval: two share charts (2 + 2; the seed's bars have none), throughput
        // (4), latency (8 + 8: four percentiles a pair), bytes (4 + 4) and CPU (4 + 4)
        assertThat(intervals).isEqualTo(40);
        assertThat(mark(dom, "whiskers-given")).isEqualTo(intervals);
        assertThat(mark(dom, "whiskers")).as("whiskers the plugin drew").isEqualTo(intervals);
        assertThat(mark(dom, "values-hidden")).as("values or whisker ends outside their axis").isZero();
    }

    /** A number the drawing script marked the page with (data-NAME on the html element); fails when it is absent. */
    static int mark(Browser dom, String name) {
        Matcher m = Pattern.compile("data-" + name + "=\"(\\d+)\"").matcher(dom.stdout());
        assertThat(m.find()).as("data-" + name + ": the drawing script ran to its end").isTrue();
        return Integer.parseInt(m.group(1));
    }

    /** How many pixels are this colour, give or take the blending at a bar's edge. */
    static long pixelsOf(BufferedImage image, String hex) {
        int want = Integer.parseInt(hex.substring(1), 16);
        long n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                if (close(rgb >> 16, want >> 16) && close(rgb >> 8, want >> 8) && close(rgb, want)) {
                    n++;
                }
            }
        }
        return n;
    }

    private static boolean close(int a, int b) {
        return Math.abs((a & 0xff) - (b & 0xff)) <= 6;
    }
}
