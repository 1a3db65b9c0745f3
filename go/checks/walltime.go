package checks

import (
	"fmt"
	"strings"
	"time"
)

// The range of Java's LocalDateTime and LocalDate (years -999,999,999 to 999,999,999), in epoch seconds
// and days: a time outside it is no contract time, and is refused, not clamped, as ProtoTwin refuses it.
const (
	minEpochSecond = -31_557_014_167_219_200
	maxEpochSecond = 31_556_889_864_403_199
	secondsPerDay  = 86_400
)

// localDateTime is a wall time as Java's LocalDateTime.toString writes it, or false for no such time.
func localDateTime(seconds int64, nanos int32) (string, bool) {
	if nanos < 0 || nanos > 999_999_999 || seconds < minEpochSecond || seconds > maxEpochSecond {
		return "", false
	}
	t := time.Unix(seconds, int64(nanos)).UTC()
	s := javaDate(t) + fmt.Sprintf("T%02d:%02d", t.Hour(), t.Minute())
	if t.Second() != 0 || nanos != 0 {
		s += fmt.Sprintf(":%02d", t.Second())
	}
	switch {
	case nanos == 0:
	case nanos%1_000_000 == 0:
		s += fmt.Sprintf(".%03d", nanos/1_000_000)
	case nanos%1_000 == 0:
		s += fmt.Sprintf(".%06d", nanos/1_000)
	default:
		s += fmt.Sprintf(".%09d", nanos)
	}
	return s, true
}

// localDate is the date whose midnight at UTC a wall time is, as LocalDate.toString writes it; any other
// time is refused with the reason, as WallTime.localDate refuses it.
func localDate(seconds int64, nanos int32) (string, error) {
	if nanos != 0 || seconds%secondsPerDay != 0 {
		return "", fmt.Errorf("a Timestamp that is no date's midnight at UTC: %d s, %d ns", seconds, nanos)
	}
	if seconds < minEpochSecond || seconds > maxEpochSecond {
		return "", fmt.Errorf("a Timestamp that is no LocalDate: %d s", seconds)
	}
	return javaDate(time.Unix(seconds, 0).UTC()), nil
}

func javaDate(t time.Time) string {
	y := t.Year()
	year := fmt.Sprintf("%04d", y)
	if y > 9999 {
		year = "+" + year
	} else if y < 0 {
		year = "-" + fmt.Sprintf("%04d", -y)
	}
	return strings.Join([]string{year, fmt.Sprintf("%02d", int(t.Month())), fmt.Sprintf("%02d", t.Day())}, "-")
}

// validTime says whether a timestamp is a LocalDateTime at all, with the reason when it is not.
func validTime(seconds int64, nanos int32) error {
	if _, ok := localDateTime(seconds, nanos); !ok {
		return fmt.Errorf("a Timestamp that is no LocalDateTime: %d s, %d ns", seconds, nanos)
	}
	return nil
}
