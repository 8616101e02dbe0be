package history

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A 2026 recording of tools/list, then forecast (whose schema mirrors its
// arguments into Mcp-Param headers), re-run against the same kind of
// server: the call was sent without the headers, refused -32020 "header
// mismatch: missing Mcp-Param-Region…" and shown "different", since the
// recorded tools/list the re-run sent again did not teach the live session
// the tools. Every answer is the same now, and a call of a tool that
// listing did not name goes as recorded, with no listing of the re-run's.
func TestRerunStatelessCallCarriesItsHeaders(t *testing.T) {
	ctx := testCtx(t)
	recs := recordSession(t, ctx, statelessConfig(t, mcptest.StatelessTools()), func(s *mcp.Session) {
		if _, _, err := s.ListTools(ctx, true); err != nil {
			t.Fatal(err)
		}
		callRecorded(t, ctx, s, "forecast", `{"region":"Zürich","days":3}`)
		// Not listed: the re-run lists no more for it than the recorded
		// client did.
		if resp, err := s.CallTool(ctx, "nosuch", nil); err != nil || resp.Error == nil {
			t.Fatalf("nosuch: %v, %v; want a JSON-RPC error answer", resp, err)
		}
	})
	srv, results := rerunOnStateless(t, ctx, recs)
	if len(results) != 4 {
		t.Fatalf("re-ran %d requests, want discover, tools/list and two calls: %+v", len(results), results)
	}
	for _, res := range results {
		if res.Outcome != OutcomeSame || res.Listed != "" {
			t.Errorf("%s %s: %s, listed %q; want same, with no listing of the re-run's own:\n%s", res.Method, res.Tool, res.Outcome, res.Listed, RenderRerunResult(res, 80))
		}
	}
	if lists := sentCount(srv, "tools/list"); lists != 1 {
		t.Errorf("the live server was sent %d tools/list, want the recorded one", lists)
	}
}

// A 2026 recording of calls with no tools/list before them (the server it
// was made on mirrored no argument into a header) re-run against a server
// whose forecast mirrors them: the re-run lists the tools first, as exec
// does before a call, so that forecast carries its headers, and says so
// under the call. A tool the server does not list is not listed for twice.
func TestRerunListsToolsBeforeAnUnlistedStatelessCall(t *testing.T) {
	ctx := testCtx(t)
	plain := append(mcptest.DefaultTools(),
		mcptest.Tool{Name: "forecast", InputSchema: json.RawMessage(`{"type":"object","properties":{"region":{"type":"string"},"days":{"type":"integer"}}}`)},
		mcptest.Tool{Name: "retired", InputSchema: json.RawMessage(`{"type":"object"}`)})
	recs := recordSession(t, ctx, statelessConfig(t, plain), func(s *mcp.Session) {
		callRecorded(t, ctx, s, "forecast", `{"region":"Zürich","days":3}`)
		callRecorded(t, ctx, s, "retired", `{}`)
		callRecorded(t, ctx, s, "retired", `{}`)
	})
	srv, results := rerunOnStateless(t, ctx, recs)
	if len(results) != 4 {
		t.Fatalf("re-ran %d requests, want discover and three calls: %+v", len(results), results)
	}
	forecast := results[1]
	if forecast.Tool != "forecast" || forecast.Outcome != OutcomeSame || !strings.HasPrefix(forecast.Listed, "tools/list sent first") {
		t.Errorf("forecast: %s, listed %q; want same, after a listing the report names:\n%s", forecast.Outcome, forecast.Listed, RenderRerunResult(forecast, 80))
	}
	if got := RenderRerunResult(forecast, 80); !strings.Contains(got, "\n     tools/list sent first") {
		t.Errorf("the report does not say the listing under the call:\n%s", got)
	}
	if r := results[2]; !strings.Contains(r.Listed, "the server does not list retired") {
		t.Errorf("retired, which the live server does not list: listed %q", r.Listed)
	}
	if r := results[3]; r.Listed != "" {
		t.Errorf("retired's second call listed the tools again: %q", r.Listed)
	}
	if lists := sentCount(srv, "tools/list"); lists != 2 {
		t.Errorf("the live server was sent %d tools/list, want one before forecast and one before retired", lists)
	}
	for _, r := range srv.Requests() {
		if r.Is("tools/call") && strings.Contains(string(r.Body), `"forecast"`) && r.Header.Get("Mcp-Param-Days") != "3" {
			t.Errorf("forecast was sent with headers %v, want Mcp-Param-Days 3", r.Header)
		}
	}
}

// statelessConfig is a session's config for a stateless fake serving tools.
func statelessConfig(t *testing.T, tools []mcptest.Tool) mcp.Config {
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Tools: tools})
	return mcp.Config{URL: srv.Endpoint(), NoListen: true}
}

// callRecorded calls tool with args, failing the test unless it is answered.
func callRecorded(t *testing.T, ctx context.Context, s *mcp.Session, tool, args string) {
	t.Helper()
	if resp, err := mcp.Checked(s.CallTool(ctx, tool, json.RawMessage(args))); err != nil {
		t.Fatalf("%s: %v, %v", tool, resp, err)
	}
}

// rerunOnStateless re-runs recs against a stateless fake serving
// mcptest.StatelessTools, returned with the results.
func rerunOnStateless(t *testing.T, ctx context.Context, recs []mcp.Record) (*mcptest.StatelessServer, []RerunResult) {
	t.Helper()
	srv := mcptest.NewStateless(t, mcptest.StatelessOptions{Tools: mcptest.StatelessTools()})
	live := liveSession(t, ctx, mcp.Config{URL: srv.Endpoint(), NoListen: true})
	defer live.Close()
	return srv, rerunRecorded(t, ctx, recs, live)
}

// sentCount is how many requests of method srv was sent.
func sentCount(srv *mcptest.StatelessServer, method string) int {
	n := 0
	for _, r := range srv.Requests() {
		if r.Is(method) {
			n++
		}
	}
	return n
}
