package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// URIs under one long prefix were cut at 80 columns to "demo://re…/
// architecture.md  demo://resou…/extension.md  +7": most of each
// candidate's room went on the prefix all of them share, which the line
// above shows, and two were offered. The shared part goes, its scheme
// kept, so the part that differs is shown of more of them.
func TestLiveURICandidatesDropTheSharedPrefix(t *testing.T) {
	const base = "demo://resource/static/document/"
	names := []string{"architecture.md", "extension.md", "features.md", "how-to.md", "instructions.md", "lifecycle.md", "security.md", "tools.md", "versioning.md"}
	srv := mcptest.OnMethod(t, "resources/list", func(x *mcptest.Exchange) {
		var rs []map[string]string
		for _, n := range names {
			rs = append(rs, map[string]string{"uri": base + n, "name": n})
		}
		x.Result(map[string]any{"resources": rs})
	})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
	l.command("resources/list")
	l.waitOK("resources/list")
	view := l.tabView(":read ", "  +")
	for _, want := range []string{"demo://…/architecture.md", "demo://…/extension.md", "demo://…/features.md"} {
		if !strings.Contains(view, want) {
			t.Errorf("no candidate reads %q:\n%s", want, view)
		}
	}
	if strings.Contains(row(view, "/architecture.md"), "demo://re") {
		t.Errorf("a candidate spends its room on the shared prefix:\n%s", view)
	}
}
