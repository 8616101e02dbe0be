package main

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A POST that is the first request of a session and reaches nothing is
// not a server that went away: the hint said "is the server still
// running? (it answered before)" for a server never reached.
func TestExecFirstContactFailureNamesTheAddress(t *testing.T) {
	addr := mcptest.ClosedAddr(t)
	for _, transport := range []string{"streamable", "stateless"} {
		_, errOut, code := run(t, "exec", "--no-record", "--transport", transport, "http://"+addr+"/mcp", "tools/list")
		if code != exitConnect || !strings.Contains(errOut, "hint: nothing answered at "+addr+": is the server started, and is the URL right?") ||
			strings.Contains(errOut, "answered before") {
			t.Errorf("--transport %s against nothing: exit %d, stderr %q; want exit %d, a hint naming %s and no claim it answered before",
				transport, code, errOut, exitConnect, addr)
		}
	}
}

// A server that answered initialize and then drops the connection on the
// next request did answer before, and the hint says so.
func TestExecFailureAfterAnAnswerSaysItAnsweredBefore(t *testing.T) {
	fake := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	srv := mcptest.Front(t, fake.URL, func(w http.ResponseWriter, _ *http.Request, body []byte) bool {
		if !bytes.Contains(body, []byte(`"tools/list"`)) {
			return false
		}
		// Gone before answering: the connection closes with no status.
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			conn.Close()
		}
		return true
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--transport", "streamable", srv.URL+"/mcp", "tools/list")
	if code == exitOK || !strings.Contains(out+errOut, "hint: it answered before, so did it crash or restart?") {
		t.Errorf("tools/list dropped after initialize was answered: exit %d, stdout %q, stderr %q; want the hint that it answered before", code, out, errOut)
	}
}
