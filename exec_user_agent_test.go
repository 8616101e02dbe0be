package main

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// userAgents returns the User-Agent values of every request srv received.
func userAgents(t *testing.T, srv *mcptest.StreamableServer) [][]string {
	t.Helper()
	var got [][]string
	for _, r := range srv.Requests() {
		got = append(got, r.Header.Values("User-Agent"))
	}
	if len(got) == 0 {
		t.Fatal("no request reached the server")
	}
	return got
}

// mcpscope's own sessions name themselves as mcpscope/VERSION (what
// --version prints) on every request, so a server's logs tell them from
// other clients, and not as Go-http-client/1.1; the user's -H replaces it,
// as curl's does; replay --against sends it too.
func TestOwnSessionsSendUserAgent(t *testing.T) {
	want := "mcpscope/" + versionString()
	dir := stateDir(t)
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	if _, errOut, code := run(t, "exec", "--no-listen", srv.URL, "tools/list"); code != exitOK {
		t.Fatalf("exec exit %d:\n%s", code, errOut)
	}
	for _, v := range userAgents(t, srv) {
		if len(v) != 1 || v[0] != want {
			t.Errorf("exec sent User-Agent %q, want %q alone", v, want)
		}
	}

	again := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	if out, errOut, code := run(t, "replay", onlyRecording(t, dir), "--against", again.URL); code != exitOK {
		t.Fatalf("replay --against exit %d:\n%s\n%s", code, out, errOut)
	}
	for _, v := range userAgents(t, again) {
		if len(v) != 1 || v[0] != want {
			t.Errorf("replay --against sent User-Agent %q, want %q alone", v, want)
		}
	}

	mine := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	if _, errOut, code := run(t, "exec", "--no-record", "--no-listen", "-H", "User-Agent: my-agent/2", mine.URL, "tools/list"); code != exitOK {
		t.Fatalf("exec -H exit %d:\n%s", code, errOut)
	}
	for _, v := range userAgents(t, mine) {
		if len(v) != 1 || v[0] != "my-agent/2" {
			t.Errorf("with -H 'User-Agent: my-agent/2' the server got %q, want the user's value alone", v)
		}
	}
}
