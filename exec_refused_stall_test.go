package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A POST refused with an error status whose body then stops coming is
// said as the status it got and how far its body came, with advice for a
// refusal whose error page never ended: it read as a status line and
// headers that never ended, and the advice blamed a proxy buffering the
// stream.
func TestExecRefusalWhoseBodyStalls(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		x.StatusOpen(http.StatusBadGateway, "text/plain", "busy")
		<-x.Context().Done()
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", "--timeout", "500ms", srv.URL, "tools/list")
	said := out + errOut
	if code != exitFailed || !strings.Contains(said, "the POST was answered 502 Bad Gateway, and its body stopped coming after 4 bytes") ||
		!strings.Contains(said, "did not finish sending the body that says why") || strings.Contains(said, "never ended") || strings.Contains(said, "buffering") {
		t.Errorf("exit %d, want %d saying the 502's body stopped, with the refusal's advice\n%s\n%s", code, exitFailed, out, errOut)
	}
}
