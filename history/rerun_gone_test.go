package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A recording of an older era that pinged, subscribed, unsubscribed and
// set the log level re-runs against a 2026 server with the same outcome:
// those requests are done the 2026 way (a listen stream's
// resourceSubscriptions, _meta's log level; a ping is not sent), and
// their answers are not reported as "method not found" differences.
func TestRerunOfTheRequests2026DoesWithout(t *testing.T) {
	ctx := testCtx(t)
	srv := demotest.Start(t, demo.Options{})
	recs := recordSession(t, ctx, mcp.Config{URL: srv.SSEURL()}, func(s *mcp.Session) {
		initialize(t, ctx, s)
		for _, step := range []func() (*mcp.Response, error){
			func() (*mcp.Response, error) { return mcp.Checked(s.Request(ctx, "ping", nil)) },
			func() (*mcp.Response, error) { return s.Subscribe(ctx, "demo://clock") },
			func() (*mcp.Response, error) { return s.SetLogLevel(ctx, "warning") },
			func() (*mcp.Response, error) { return s.Unsubscribe(ctx, "demo://clock") },
		} {
			if _, err := step(); err != nil {
				t.Fatal(err)
			}
		}
	})

	live := liveSession(t, ctx, mcp.Config{URL: srv.StatelessURL()})
	defer live.Close()
	results := rerunSame(t, ctx, recs, live)
	var methods []string
	for _, res := range results {
		methods = append(methods, res.Method)
	}
	if got := strings.Join(methods, " "); got != "initialize ping resources/subscribe logging/setLevel resources/unsubscribe" {
		t.Errorf("re-ran %s", got)
	}
	out := renderRerun(results, 80)
	for _, want := range []string{"ping (not sent: 2026-07-28 has no ping)", "resources/subscribe demo://clock (as subscriptions/listen resourceSubscriptions)", "logging/setLevel warning (as _meta io.modelcontextprotocol/logLevel)"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
}
