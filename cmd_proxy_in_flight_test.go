package main

import (
	"strings"
	"testing"
)

// A negative --max-in-flight is a usage error that says what to give,
// before anything listens.
func TestProxyMaxInFlightNegativeIsUsage(t *testing.T) {
	_, errOut, code := run(t, "proxy", "--headless", "--listen", "127.0.0.1:0", "--max-in-flight", "-1", "http://127.0.0.1:1/mcp")
	if code != exitUsage || !strings.Contains(errOut, "--max-in-flight -1: give a number of requests and streams, or 0 for the default (64)") {
		t.Errorf("--max-in-flight -1: exit %d, stderr %q; want a usage error saying what to give", code, errOut)
	}
}
