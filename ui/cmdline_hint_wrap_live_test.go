package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// hintWrapTools serves the demo's big, whose one argument's description
// is long, beside server-everything's long tool names.
func hintWrapTools(t *testing.T) *mcptest.StreamableServer {
	return mcptest.OnMethod(t, "tools/list", func(x *mcptest.Exchange) {
		obj := map[string]any{"type": "object"}
		x.Result(map[string]any{"tools": []any{
			map[string]any{"name": "big", "inputSchema": map[string]any{"type": "object", "required": []any{"bytes"},
				"properties": map[string]any{"bytes": map[string]any{"type": "integer", "minimum": 1, "maximum": 67108864,
					"description": "Exact size of the payload in bytes (1 to 67108864, i.e. 64 MiB)."}}}},
			map[string]any{"name": "trigger-long-running-operation", "inputSchema": obj},
			map[string]any{"name": "trigger-elicitation-request", "inputSchema": obj},
			map[string]any{"name": "trigger-sampling-request", "inputSchema": obj},
			map[string]any{"name": "trigger-sampling-request-async", "inputSchema": obj},
		}})
	})
}

// A hint for the word being typed too wide for the line wraps to a second
// row: at 80 columns a second Tab on `big bytes=` showed "no values to
// offer for bytes: type one · integer (1..67108864), required — …", the
// argument's description gone.
func TestLiveLongHintWrapsToSecondRow(t *testing.T) {
	srv := hintWrapTools(t)
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.command("tools/list")
	l.waitOK("tools/list")
	l.tm.Type("c")
	l.typeTab("big ")
	l.waitText("bytes=")
	l.typeTab("")
	l.waitText("no values to offer for bytes")
	view := l.quit().View()
	flat := strings.Join(strings.Fields(ansi.Strip(view)), " ")
	if !strings.Contains(flat, "required — Exact size of the payload") {
		t.Errorf("the hint at 80 columns leaves out the argument's description:\n%s", ansi.Strip(view))
	}
}

// Tab's candidates that do not fit on the hint row take a second: at 80
// columns "trigger-long-running-operation  trigger-elicitation-request
// +2" hid two names with a row free for them. At 160 they fit on one.
func TestLiveCandidatesWrapToSecondRow(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 45}} {
		srv := hintWrapTools(t)
		l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, size[0], size[1], "● initialized")
		l.command("tools/list")
		l.waitOK("tools/list")
		view := l.tabView(":tools/call trig", "request-async")
		for _, n := range []string{"trigger-long-running-operation", "trigger-elicitation-request", "trigger-sampling-request ", "trigger-sampling-request-async"} {
			if !strings.Contains(view, n) {
				t.Errorf("%d columns: the candidates do not show %q whole:\n%s", size[0], n, view)
			}
		}
		if strings.Contains(view, "+2") {
			t.Errorf("%d columns: the candidates hide names they had a row for:\n%s", size[0], view)
		}
	}
}

// Names offered that fit whole are not cut to a third of the line only
// because others follow them: at 80 columns "trigger-long-running-oper…
// trigger-elicitation-reque…  +2" cut two names that fit whole. Drawn on
// one row, as under a question's answer (askview).
func TestCandidatesWholeWhenCuttingShowsNoMore(t *testing.T) {
	st := testStyles()
	cy := &cycleState{idx: -1, comp: completion{labels: []string{"trigger-long-running-operation",
		"trigger-elicitation-request", "trigger-sampling-request", "trigger-sampling-request-async"}}}
	row := ansi.Strip(drawCandidates(&st, cy, 80, 1)[0])
	for _, n := range []string{"trigger-long-running-operation  ", "trigger-elicitation-request  "} {
		if !strings.Contains(row, n) {
			t.Errorf("the candidates do not show %q whole at 80 columns: %q", n, row)
		}
	}
}
