package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// headerEchoServer is a streamable HTTP server whose tool "headers"
// answers with the X-Api-Key and Cookie headers it was sent, as debugging
// gateways and "whoami" tools do.
func headerEchoServer(t *testing.T) *httptest.Server {
	t.Helper()
	return echoToolServer(t, "headers", func(r *http.Request) string {
		return "key " + r.Header.Get("X-Api-Key") + " cookie " + r.Header.Get("Cookie")
	}, nil)
}

// Every -H header is a credential (README, Safety) but the protocol's own:
// its value is redacted by name in the recording and in exec --json, and a
// value of 8 bytes or more is redacted where the server echoes it, as the
// bearer token is. A User-Agent given to debug the wire is kept. A re-run
// given the same -H reports the live echo redacted too.
func TestUserHeadersAreRedactedInRecordingsAndJSON(t *testing.T) {
	srv := headerEchoServer(t)
	const key = "KEY-user-9d3f2a71"
	flags := []string{"--transport", "streamable", "--no-get-stream", "-H", "X-Api-Key: " + key, "-H", "X-Team: blue", "-H", "User-Agent: probe/7"}
	file := filepath.Join(t.TempDir(), "s.jsonl")
	out, errOut, code := run(t, append(append([]string{"exec", "--record", file}, flags...), srv.URL, "tools/call headers")...)
	if code != exitOK || !strings.Contains(out, "key "+key) {
		t.Fatalf("exec exit %d, want 0 and the server's echo of the key\n%s\n%s", code, out, errOut)
	}
	recorded, _ := os.ReadFile(file)
	jsonOut, errOut, code := run(t, append(append([]string{"exec", "--no-record", "--json"}, flags...), srv.URL, "tools/call headers")...)
	if code != exitOK {
		t.Fatalf("exec --json exit %d\n%s", code, errOut)
	}
	for what, got := range map[string]string{"the recording": string(recorded), "exec --json": jsonOut} {
		if strings.Contains(got, key) {
			i := strings.Index(got, key)
			t.Errorf("%s holds the -H value: …%s…", what, got[max(0, i-120):i+len(key)])
		}
		for _, want := range []string{`"X-Api-Key":["[redacted]"]`, `"X-Team":["[redacted]"]`, `"User-Agent":["probe/7"]`, `key [redacted]`} {
			if !strings.Contains(got, want) {
				t.Errorf("%s lacks %s", what, want)
			}
		}
	}

	report, errOut, code := run(t, append([]string{"replay", file, "--json", "--against", srv.URL}, flags...)...)
	if code != exitOK || strings.Contains(report, key) {
		t.Errorf("re-run with the same -H: exit %d, want 0 and no key in the report\n%s\n%s", code, report, errOut)
	}
}
