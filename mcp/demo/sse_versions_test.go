package demo

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A legacy session's gateway never offers 2026-07-28, which legacy SSE
// cannot carry, even to a server/discover it takes before the SDK has
// narrowed the session to its transport's versions (its SSE transport
// sends the endpoint event, and so lets the client's probe in, before it
// does). Over a transport that names no versions the gateway's own list
// is all there is, so that is where this looks.
func TestLegacyGatewayNeverOffers2026(t *testing.T) {
	_, h := startHandler(t, Options{})
	ct, st := mcp.NewInMemoryTransports()
	ss, err := h.legacyGateway().server.Connect(ctxT(t), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ss.Close() })
	// The SDK's client probes with server/discover for the newest revision
	// and takes it when offered.
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "probe", Version: "v0"}, nil).Connect(ctxT(t), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	if got := cs.InitializeResult().ProtocolVersion; got >= protocol2026 {
		t.Errorf("a legacy session negotiated %q; want a version legacy SSE carries", got)
	}
}
