package main

import (
	"context"
	"strings"
	"testing"
	"time"
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

// A scheme that lost its colon ("http//host", the shift key slipping) is
// named as the typo it is, with the URL it was meant to be, by exec, the
// TUI and proxy alike: exec took it for a command and sent it as a method
// to the demo gateway it started in its place, and the TUI said it was
// "neither a command nor a URL". A password in it is masked in both.
func TestSchemeWithoutColonIsNamed(t *testing.T) {
	stateDir(t)
	const want = `"http//127.0.0.1:9501/mcp" is not a URL: its scheme lacks the ':'; did you mean "http://127.0.0.1:9501/mcp"?`
	for _, args := range [][]string{{"exec", "http//127.0.0.1:9501/mcp", "tools/list"}, {"http//127.0.0.1:9501/mcp"}, {"proxy", "--headless", "http//127.0.0.1:9501/mcp"}} {
		// Taken for a host named "http", the headless proxy would run
		// until stopped: the timeout ends it, as ctrl+c would.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		out, errOut, code := runCtx(t, ctx, args...)
		cancel()
		if code != exitUsage || !strings.Contains(errOut, want) {
			t.Errorf("%v: exit %d %q, want a usage error saying %q", args, code, errOut, want)
		}
		if strings.Contains(out+errOut, "demo gateway") {
			t.Errorf("%v: %q %q, started the demo gateway in its place", args, out, errOut)
		}
	}
	_, errOut, _ := run(t, "exec", "HTTPS//ann:pw-Q7x2kz@127.0.0.1:9501", "ping")
	if !strings.Contains(errOut, `did you mean "HTTPS://ann:`) || strings.Contains(errOut, "pw-Q7x2kz") {
		t.Errorf("%q, want the meant URL named without its password", errOut)
	}
}
