package mcp

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026-07-28 server whose server/discover answer is unusable (no
// versions, a web page) and which refuses initialize as a method it does
// not have (404 -32601) failed detection with "JSON-RPC error -32601:
// Method not found", advised as a method the capabilities do not declare:
// nothing said that initialize itself was missing, nor what was wrong
// with the discover answer before it. Detection now says both.
func TestDetectionSaysDiscoverUnusableAndInitializeUnknown(t *testing.T) {
	for _, c := range []struct{ name, contentType, reply, discoverWords string }{
		{"no versions", "application/json", `{"jsonrpc":"2.0","id":ID,"result":{"supportedVersions":[],"capabilities":{"tools":{}}}}`, "an empty supportedVersions list"},
		{"a web page", "text/html", `<html><body>MCP lives here</body></html>`, `answered 200 OK with Content-Type "text/html"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Initialize: mcptest.Refuse404, Handle: mcptest.HandleMethod("server/discover", func(x *mcptest.Exchange) {
				x.Status(http.StatusOK, c.contentType, strings.ReplaceAll(c.reply, "ID", string(x.ID)))
			})})
			s := NewSession(Config{URL: srv.URL, NoListen: true})
			collect(s)
			defer s.Close()
			err := s.Connect(testCtx(t))
			if CauseOf(err) != CauseNoInitialize {
				t.Fatalf("Connect = %v (cause %q), want cause %q", err, CauseOf(err), CauseNoInitialize)
			}
			for _, want := range []string{"initialize was refused as a method the server does not have", "-32601", "yet its server/discover answer did not open a 2026 session either", c.discoverWords} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("the failure says %q, want it to say %q", err, want)
				}
			}
			if !IsConnectionFailure(err) {
				t.Errorf("%v is not a connection failure: exec would not exit 3 for a session that never opened", err)
			}
		})
	}
}
