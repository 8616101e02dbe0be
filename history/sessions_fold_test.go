package history

import (
	"strings"
	"testing"
)

// A proxy run's recording of many short sessions is listed by what they
// are and how many, one of them in the singular, never by a client.
func TestRenderSessionsNamesAFold(t *testing.T) {
	for _, tc := range []struct {
		info SessionInfo
		want string
	}{
		{SessionInfo{URL: "http://up/mcp", Folded: FoldUnanswered, Sessions: 3, Client: "retrier 1"}, "http://up/mcp (3 sessions upstream never answered)"},
		{SessionInfo{URL: "http://up/mcp", Folded: FoldUnanswered, Sessions: 1}, "http://up/mcp (1 session upstream never answered)"},
		{SessionInfo{URL: "http://up/sse", Folded: FoldGets, Sessions: 2}, "http://up/sse (2 GETs before initialize, never initialized)"},
	} {
		tc.info.Path, tc.info.Started = "/s/fold.jsonl", scriptStart
		if got := RenderSessions([]SessionInfo{tc.info}, 0); !strings.Contains(got, tc.want) || strings.Contains(got, "client") {
			t.Errorf("RenderSessions(%+v) =\n%s\nwant %q", tc.info, got, tc.want)
		}
	}
}
