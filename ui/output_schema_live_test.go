package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// reportSchema is the outputSchema of the fake's "report" tool: a count.
const reportSchema = `{"type":"object","properties":{"count":{"type":"integer"}},"required":["count"]}`

// A tool's structuredContent that breaks its listed outputSchema: the
// status line says how, its Pairs row warns "schema?" and Detail, jumping
// to the answer, points to where it says it (under its heading; see
// TestDetailWarnsOfTheAnswerAtTheTop), instead of a plain "ok".
func TestLiveOutputSchemaBrokenIsSaid(t *testing.T) {
	l := liveBrokenOutput(t, 160, 45)
	l.call("report")
	l.waitFor(`tools/call report: structuredContent breaks the outputSchema: at /properties/count: type: three has type "string", want "integer"`)
	l.waitRowState("tools/call report", "⚠ ok schema?")
	l.waitFor("⚠ see the top")
	l.quit()
}

// liveBrokenOutput is the TUI at w x h on a fake whose "report" tool
// answers with structuredContent that breaks its outputSchema, its tools
// listed.
func liveBrokenOutput(t *testing.T, w, h int) *live {
	t.Helper()
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.OutputSchemaTool(reportSchema,
		`{"content":[{"type":"text","text":"three"}],"structuredContent":{"count":"three"}}`)})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, w, h, "● initialized")
	l.listTools()
	return l
}

// One that keeps to it reads a plain ok everywhere.
func TestLiveOutputSchemaKeptIsOK(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: mcptest.OutputSchemaTool(reportSchema,
		`{"content":[{"type":"text","text":"3"}],"structuredContent":{"count":3}}`)})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 160, 45, "● initialized")
	l.listTools()
	l.mark()
	l.callOK("report")
	m := l.quit()
	for _, warning := range []string{"schema?", "the outputSchema", "⚠ structuredContent"} {
		if seen := l.seen.String(); strings.Contains(seen, warning) {
			t.Errorf("a result that keeps to its outputSchema drew %q:\n%s", warning, seen)
		}
	}
	if p := m.com.log.Pair(m.com.log.PairCount() - 1); p.Output != "" {
		t.Errorf("Pair.Output = %q, want nothing", p.Output)
	}
}
