package history

import (
	"strings"
	"testing"
)

// A proxy run's recording of many short sessions is listed by what they
// are and how many, one of them in the singular, never by a client; at 80
// columns, where the URL's end is cut, the words are whole.
func TestRenderSessionsNamesAFold(t *testing.T) {
	for _, tc := range []struct {
		info SessionInfo
		want string
	}{
		{SessionInfo{URL: "http://up/mcp", Folded: FoldUnanswered, Sessions: 3, Client: "retrier 1"}, "(3 sessions upstream never answered) http://up/mcp"},
		{SessionInfo{URL: "http://up/mcp", Folded: FoldUnanswered, Sessions: 1}, "(1 session upstream never answered) http://up/mcp"},
		{SessionInfo{URL: "http://up/sse", Folded: FoldGets, Sessions: 2}, "(2 GETs before initialize, never initialized) http://up/sse"},
	} {
		tc.info.Path, tc.info.Started = "/s/fold.jsonl", scriptStart
		if got := RenderSessions([]SessionInfo{tc.info}, 0); !strings.Contains(got, tc.want) || strings.Contains(got, "client") {
			t.Errorf("RenderSessions(%+v) =\n%s\nwant %q", tc.info, got, tc.want)
		}
		tc.info.URL = "http://a-long-host-name.example.com:8811/a/long/path/to/the/mcp"
		words, _, _ := strings.Cut(tc.want, ")")
		if got := RenderSessions([]SessionInfo{tc.info}, 80); !strings.Contains(got, words+")") {
			t.Errorf("RenderSessions(80) cut %q:\n%s", words, got)
		}
	}
}
