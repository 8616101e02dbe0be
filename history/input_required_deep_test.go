package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A 2026 answer asking for input is read as a round however deep the
// question it asks nests: the session reads it as one (with the one JSON
// scanner), and the panes must not show the request as ended there.
func TestInputRequiredWithADeepQuestion(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	for _, tc := range []struct {
		raw  string
		want bool
	}{
		{`{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create","params":{"x":` + deep + `}}}}}`, true},
		{`{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","content":[{"type":"text","text":"input_required"}],"x":` + deep + `}}`, false},
		{`{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required"`, false},
	} {
		if got := InputRequired(mcp.Raw(tc.raw)); got != tc.want {
			t.Errorf("InputRequired(%.120s...) = %v, want %v", tc.raw, got, tc.want)
		}
	}
}
