package advice

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

func TestForRPC(t *testing.T) {
	for _, c := range []struct {
		code int
		want string
	}{
		{mcp.CodeUnsupportedVersion, "--protocol"},
		{mcp.CodeHeaderMismatch, "headers"},
		{mcp.CodeMissingCapability, "clientCapabilities"},
		{mcp.CodeMethodNotFound, "server/discover"},
		{-32000, ""},
	} {
		got := ForRPC(&mcp.RPCError{Code: c.code}, TUI)
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("ForRPC(%d) = %q, want it to say %q", c.code, got, c.want)
		}
	}
	if got := ForRPC(nil, TUI); got != "" {
		t.Errorf("ForRPC(nil) = %q, want nothing", got)
	}
}
