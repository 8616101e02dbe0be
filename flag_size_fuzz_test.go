package main

import (
	"fmt"
	"strings"
	"testing"
)

// FuzzSizeFlag: whatever is typed after --max-event-size, the flag either
// takes a size no larger than 1TiB, which --help then writes back as a
// value the flag reads as the same size, or refuses it with an error that
// quotes what was typed and says how to write a size.
func FuzzSizeFlag(f *testing.F) {
	for _, s := range []string{"64MiB", "2mib", " 512 KiB ", "1MB", "2097152", "0", "-1", "+3G", "1XB", "MiB",
		"99999999999999999999", "-99999999999999999999", "1024GiB", "1025GiB", "1099511627776", "1TB", "0x10", "1_000"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		var n int
		err := sizeFlag{&n}.Set(v)
		if err != nil {
			msg := err.Error()
			if !strings.HasPrefix(msg, fmt.Sprintf("%q", v)+" is ") || !strings.Contains(msg, "64MiB") {
				t.Fatalf("Set(%q) refused with %q, which neither quotes it nor says how to write a size", v, msg)
			}
			return
		}
		if n < 0 || n > maxSize {
			t.Fatalf("Set(%q) took %d bytes, outside 0..1TiB", v, n)
		}
		shown := sizeFlag{&n}.String()
		var again int
		if err := (sizeFlag{&again}).Set(shown); err != nil || again != n {
			t.Fatalf("Set(%q) = %d bytes, shown as %q, which reads back as %d (%v)", v, n, shown, again, err)
		}
	})
}
