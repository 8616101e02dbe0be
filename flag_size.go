package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// sizeFlag is a byte count given as a number of bytes or with a unit
// (64MiB, 512KiB, 1MB, 2G): people think of event sizes in megabytes.
type sizeFlag struct{ n *int }

// sizeUnits are the suffixes a size may carry, longest first so "MiB" is
// not read as "B" after a number "1Mi".
var sizeUnits = []struct {
	suffix string
	bytes  int64
}{
	{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30},
	{"KB", 1000}, {"MB", 1000 * 1000}, {"GB", 1000 * 1000 * 1000},
	{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1},
}

func (s sizeFlag) String() string {
	if s.n == nil {
		return ""
	}
	for _, u := range []struct {
		suffix string
		bytes  int
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if *s.n >= u.bytes && *s.n%u.bytes == 0 {
			return strconv.Itoa(*s.n/u.bytes) + u.suffix
		}
	}
	return strconv.Itoa(*s.n)
}

func (s sizeFlag) Type() string { return "size" }

// maxSize is the largest size a flag takes: past it a byte count would
// overflow once multiplied by its unit.
const maxSize = 1 << 40

func (s sizeFlag) Set(v string) error {
	text := strings.ToUpper(strings.TrimSpace(v))
	mult := int64(1)
	for _, u := range sizeUnits {
		if strings.HasSuffix(text, u.suffix) {
			text, mult = strings.TrimSpace(strings.TrimSuffix(text, u.suffix)), u.bytes
			break
		}
	}
	n, err := strconv.ParseInt(text, 10, 64)
	var big *strconv.NumError
	if (err == nil && n > maxSize/mult) || (errors.As(err, &big) && big.Err == strconv.ErrRange && !strings.HasPrefix(text, "-")) {
		// A size, only too large: "is not a size" sent the user looking
		// for a typo.
		return fmt.Errorf("%q is more than the most mcpscope takes, 1TiB: give a smaller size such as 64MiB", v)
	}
	if err != nil || n < 0 {
		return fmt.Errorf("%q is not a size: give bytes (67108864) or a number with a unit (64MiB, 512KiB, 1MB)", v)
	}
	*s.n = int(n * mult)
	return nil
}
