// Package checks holds the checks every answer goes through, ported from benchmark-base's
// org.rpcbench.checks (Checks, ProtoChecks, ClientClock): each returns "" when the answer is right and a
// short description of the first thing wrong otherwise. The success path compares fields and reads the
// client's clock once for answers that carry the server's times; only a wrong answer is described.
package checks

import (
	"fmt"
	"sync/atomic"
	"time"
)

// SlackMinutes widens the window a server's time must lie in, on both sides.
const SlackMinutes = 5

const (
	slackMillis = SlackMinutes * 60 * 1000
	// beyond this (about 30,000 years either way) a wall time is garbage, and milliseconds would overflow
	farSeconds = 1_000_000_000_000
)

// Clock is the client's clock, against which the times a server stamps on its answers are checked: no
// earlier than SlackMinutes before the connection was opened, no later than SlackMinutes after the check.
// The server's wall time is read in the client's zone. The zone's offset is kept until its next change.
type Clock struct {
	zone         *time.Location
	openedMillis int64
	now          func() int64
	offset       atomic.Pointer[zoneOffset]
}

// zoneOffset is the zone's offset in force from one change (inclusive) to the next (exclusive), in epoch millis.
type zoneOffset struct {
	seconds          int
	fromMillis, till int64
}

// Opened is the clock of a connection opened now, in this process's zone.
func Opened() *Clock {
	return OpenedAt(time.Now().UnixMilli(), time.Local, func() int64 { return time.Now().UnixMilli() })
}

// OpenedAt is the clock of a connection opened at epochMillis, with the client in zone, reading now.
func OpenedAt(epochMillis int64, zone *time.Location, now func() int64) *Clock {
	c := &Clock{zone: zone, openedMillis: epochMillis, now: now}
	c.offset.Store(c.offsetAt(epochMillis))
	return c
}

// Now is the one clock reading a check makes, in epoch milliseconds.
func (c *Clock) Now() int64 { return c.now() }

// Accepts says whether a server's wall time (its seconds counted as if UTC, and nanoseconds) lies in the
// window at nowMillis.
func (c *Clock) Accepts(wallSecond int64, nano int32, nowMillis int64) bool {
	if nano < 0 || nano > 999_999_999 || wallSecond < -farSeconds || wallSecond > farSeconds {
		return false
	}
	o := c.offset.Load()
	if nowMillis < o.fromMillis || nowMillis >= o.till {
		o = c.offsetAt(nowMillis)
		c.offset.Store(o)
	}
	if c.inside(wallSecond, nano, o.seconds, nowMillis) {
		return true
	}
	return c.insideAtAnyOffset(wallSecond, nano, nowMillis)
}

// Problem says what is wrong with a field's wall time, or "" when it is accepted.
func (c *Clock) Problem(field string, wallSecond int64, nano int32, nowMillis int64) string {
	if c.Accepts(wallSecond, nano, nowMillis) {
		return ""
	}
	value, ok := localDateTime(wallSecond, nano)
	if !ok {
		return fmt.Sprintf("%s is no time at all (%d s, %d ns)", field, wallSecond, nano)
	}
	earliest := c.wall(c.openedMillis - slackMillis)
	latest := c.wall(nowMillis + slackMillis)
	return fmt.Sprintf("%s was %s, outside the window the client's clock allows, %s to %s (the client's clock read %s in %s;"+
		" the window opens %d minutes before the connection was opened and closes %d minutes after now):"+
		" the hosts' clocks or time zones may differ", field, value, earliest, latest, c.wall(nowMillis), c.zone,
		SlackMinutes, SlackMinutes)
}

func (c *Clock) inside(wallSecond int64, nano int32, offsetSeconds int, nowMillis int64) bool {
	millis := (wallSecond-int64(offsetSeconds))*1000 + int64(nano)/1_000_000
	return millis >= c.openedMillis-slackMillis && millis <= nowMillis+slackMillis
}

// insideAtAnyOffset accepts a wall time the zone had twice, or that fell into a gap, if any offset the
// zone had around it places it inside (zones change their offset at most once a day).
func (c *Clock) insideAtAnyOffset(wallSecond int64, nano int32, nowMillis int64) bool {
	for _, around := range []int64{-86_400, 0, 86_400} {
		_, off := time.Unix(wallSecond+around, 0).In(c.zone).Zone()
		if c.inside(wallSecond, nano, off, nowMillis) {
			return true
		}
	}
	return false
}

func (c *Clock) offsetAt(millis int64) *zoneOffset {
	t := time.UnixMilli(millis).In(c.zone)
	_, off := t.Zone()
	o := &zoneOffset{seconds: off, fromMillis: -1 << 63, till: 1<<63 - 1}
	if start, end := t.ZoneBounds(); !start.IsZero() || !end.IsZero() {
		if !start.IsZero() {
			o.fromMillis = start.UnixMilli()
		}
		if !end.IsZero() {
			o.till = end.UnixMilli()
		}
	}
	return o
}

func (c *Clock) wall(millis int64) string {
	t := time.UnixMilli(millis).In(c.zone)
	_, off := t.Zone()
	s, _ := localDateTime(t.Unix()+int64(off), int32(t.Nanosecond()))
	return s
}
