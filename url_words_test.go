package main

import (
	"strings"
	"testing"
)

// A server address that is not a URL is named once, with why: it was
// "looks like a server address but is not a URL: "X" is not a URL: parse
// "X": missing ']' in host", the address three times and Go's parser's
// words among them.
func TestBadServerURLIsNamedOnce(t *testing.T) {
	stateDir(t)
	for bad, why := range map[string]string{
		"http://[::1":            "missing ']' in host",
		"http://":                "it has no host",
		"http://127.0.0.1:99999": "the port 99999 is out of range",
	} {
		for _, args := range [][]string{{"exec", bad, "ping"}, {"proxy", "--headless", bad}} {
			_, errOut, code := run(t, args...)
			if code != exitUsage || !strings.Contains(errOut, `"`+bad+`" is not a URL: `+why) {
				t.Errorf("%v: exit %d %q, want a usage error saying %q", args, code, errOut, why)
			}
			if n := strings.Count(errOut, `"`+bad+`"`); n != 1 || strings.Contains(errOut, "parse ") {
				t.Errorf("%v: %q names the URL %d times or says Go's parser's words", args, errOut, n)
			}
		}
	}
}

// An empty --root is said as the flag it is: it read "--a root needs a
// directory".
func TestEmptyRootNamesTheFlag(t *testing.T) {
	stateDir(t)
	_, errOut, code := run(t, "exec", "--no-record", "--root", "", "http://127.0.0.1:1", "ping")
	if code != exitUsage || !strings.Contains(errOut, `--root "": name a directory`) {
		t.Errorf("exit %d %q, want a usage error naming --root", code, errOut)
	}
}
