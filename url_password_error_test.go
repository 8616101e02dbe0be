package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// demoRecording records tools/list of a new demo gateway, in a state
// directory of the test's own, and returns the gateway's URL and the
// recording's path.
func demoRecording(t *testing.T) (url, rec string) {
	t.Helper()
	stateDir(t)
	url = demotest.Start(t, demo.Options{}).URL
	rec = filepath.Join(t.TempDir(), "r.jsonl")
	if _, errOut, code := run(t, "exec", "--record", rec, url+"/mcp", "tools/list"); code != exitOK {
		t.Fatalf("recording a session: exit %d\n%s", code, errOut)
	}
	return url, rec
}

// A URL that does not parse is quoted in the error saying why, but with its
// password masked, by every command that takes one: the message goes to a
// shared screen or a CI log. A bad escape in the password, or a character
// that ends the host part, is said without quoting the password's bytes
// either.
func TestURLThatDoesNotParseIsQuotedWithoutItsPassword(t *testing.T) {
	_, rec := demoRecording(t)
	bad := map[string]string{
		"http://ann:SECRETpw77@127.0.0.1:99999/mcp": "port 99999 is out of range",
		"ann:SECRETpw77@127.0.0.1:99999/mcp":        "port 99999 is out of range",
		"http://ann:SECRE%zzTpw77@127.0.0.1:9/mcp":  "%25",
		"ftp://ann:SECRETpw77@127.0.0.1:9/mcp":      "must be http or https",
		// A / ? or # ends the host part: url.Parse quoted the password's
		// start as a port.
		"http://ann:SECRE/Tpw77@127.0.0.1:9/mcp": "write them as %2F",
		"http://ann:SECRE#Tpw77@127.0.0.1:9/mcp": "write them as %2F",
	}
	for u, why := range bad {
		for _, args := range [][]string{
			{"exec", "--no-record", u, "tools/list"},
			{"--no-record", u},
			{"proxy", "--headless", "--no-record", "--listen", "127.0.0.1:0", u},
			{"replay", rec, "--against", u},
			{"replay", rec, "--json", "--against", u},
		} {
			// Bounded: a URL read as another (host "ann") would be
			// connected to, or proxied until ctrl+c.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			out, errOut, code := runCtx(t, ctx, args...)
			cancel()
			all := out + errOut
			if code != exitUsage || !strings.Contains(all, why) || !strings.Contains(all, "ann:xxxxx@127.0.0.1") {
				t.Errorf("%q: exit %d, want %d saying %q and naming ann:xxxxx@127.0.0.1\n%s", args, code, exitUsage, why, all)
			}
			if strings.Contains(all, "SECRE") || strings.Contains(all, "zzT") {
				t.Errorf("%q: the password is printed:\n%s", args, all)
			}
		}
	}
}

// An --allow-origin that is no origin is quoted without its password too.
func TestAllowOriginThatIsNoOriginIsQuotedWithoutItsPassword(t *testing.T) {
	url := demotest.Start(t, demo.Options{}).URL + "/mcp"
	for _, origin := range []string{"http://ann:SECRETpw77@127.0.0.1:99999", "ftp://ann:SECRETpw77@127.0.0.1"} {
		for _, args := range [][]string{
			{"exec", "--no-record", "--allow-origin", origin, url, "tools/list"},
			{"proxy", "--headless", "--no-record", "--listen", "127.0.0.1:0", "--allow-origin", origin, url},
		} {
			out, errOut, code := run(t, args...)
			all := out + errOut
			if code != exitUsage || !strings.Contains(all, "is not an origin") || !strings.Contains(all, "ann:xxxxx@127.0.0.1") {
				t.Errorf("%q: exit %d, want %d saying it is not an origin, naming ann:xxxxx@127.0.0.1\n%s", args, code, exitUsage, all)
			}
			if strings.Contains(all, "SECRETpw77") {
				t.Errorf("%q: the password is printed:\n%s", args, all)
			}
		}
	}
}

// replay --against names the server it re-ran against without the password
// of a URL typed without its scheme, as mcpscope accepts it: url.Parse read
// "ann:pw@host" as the scheme "ann", and the report printed it whole.
func TestRerunReportMasksThePasswordOfAURLWithoutAScheme(t *testing.T) {
	url, rec := demoRecording(t)
	against := strings.Replace(url, "http://", "ann:SECRETpw77@", 1) + "/mcp"
	out, errOut, code := run(t, "replay", rec, "--json", "--against", against)
	if code != exitOK || !strings.Contains(out, `"against": "ann:xxxxx@127.0.0.1`) {
		t.Errorf("exit %d, want 0 and the server named as ann:xxxxx@…\n%s\n%s", code, out, errOut)
	}
	if strings.Contains(out+errOut, "SECRETpw77") {
		t.Errorf("the password is printed:\n%s\n%s", out, errOut)
	}
}
