package main

import (
	"strconv"
	"time"

	"github.com/spf13/pflag"
)

// durationFlag is a time.Duration flag whose value --help writes as the
// README does and a person types it (60s, 500ms), where pflag's own wrote
// Go's 1m0s. It reads what time.ParseDuration reads.
type durationFlag struct{ d *time.Duration }

// durationVar defines a duration flag on fs, as fs.DurationVar does.
func durationVar(fs *pflag.FlagSet, d *time.Duration, name string, value time.Duration, usage string) {
	*d = value
	fs.Var(durationFlag{d}, name, usage)
}

// String is the duration in seconds when it is a whole number of them
// (60s, 90s), else as Go writes it (500ms, 1.5s); "0" for none, which
// --help leaves unsaid as it does every zero default.
func (f durationFlag) String() string {
	switch {
	case f.d == nil || *f.d == 0:
		return "0"
	case *f.d%time.Second == 0:
		return strconv.FormatInt(int64(*f.d/time.Second), 10) + "s"
	}
	return f.d.String()
}

// Type is pflag's word for the value, which flagError reads to say what a
// duration is.
func (f durationFlag) Type() string { return "duration" }

// Set reads v as time.ParseDuration does.
func (f durationFlag) Set(v string) error {
	d, err := time.ParseDuration(v)
	if err != nil {
		return err
	}
	*f.d = d
	return nil
}
