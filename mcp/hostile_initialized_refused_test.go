package mcp

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A server that refuses the notifications/initialized ending the handshake
// (here the MCP-Protocol-Version its own initialize answer named, as a
// gateway checking headers against an older list does) failed the
// connection with "POST URL answered 400 ..." alone: read after
// "exec URL tools/list" it looked like the command's own failure, though
// the command was never sent. The failure now names the message refused
// and the version initialize agreed on.
func TestInitializedRefusedIsNamed(t *testing.T) {
	const body = `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Unsupported protocol version: 2025-11-25"},"id":null}`
	srv := mcptest.OnMethod(t, "notifications/initialized", func(x *mcptest.Exchange) {
		x.Status(http.StatusBadRequest, "application/json", body)
	})
	s := NewSession(Config{URL: srv.Endpoint(), Transport: TransportStreamable, NoGetStream: true})
	collect(s)
	defer s.Close()
	err := s.Connect(testCtx(t))
	if CauseOf(err) != CauseStatus {
		t.Fatalf("Connect = %v (cause %q), want cause %q", err, CauseOf(err), CauseStatus)
	}
	for _, want := range []string{"notifications/initialized", "protocol 2025-11-25", "answered 400", "Unsupported protocol version"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the failure says %q, want it to say %q", err, want)
		}
	}
}
