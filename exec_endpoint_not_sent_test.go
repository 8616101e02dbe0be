package main

import (
	"strings"
	"testing"
)

// A stream fed with comments but never an endpoint event gets advice of
// its own when the wait runs out: the bytes that came show no proxy
// buffered it, so the hint no longer blames one. A stream that sent
// nothing still names a buffering proxy among the likely causes.
func TestExecEndpointNotSentHintBlamesNoProxy(t *testing.T) {
	stateDir(t)
	const buffering = "a proxy buffering the stream"
	for _, tc := range []struct {
		name, head, hint string
	}{
		{"comments", ": ping\n\n: ping\n\n", "what came shows the stream open and nothing holding it back"},
		{"nothing", "", buffering},
	} {
		url := legacyStream(t, tc.head)
		_, errOut, code := run(t, "exec", "--no-record", "--transport", "sse", "--endpoint-timeout", "1s", url, "tools/list")
		if code != exitConnect || !strings.Contains(errOut, tc.hint) || tc.hint != buffering && strings.Contains(errOut, buffering) {
			t.Errorf("%s: exit %d, want %d and the hint %q\n%s", tc.name, code, exitConnect, tc.hint, errOut)
		}
	}
}
