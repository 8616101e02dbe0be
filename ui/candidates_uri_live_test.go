package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Resources under one long prefix (server-everything's
// demo://resource/static/document/NAME.md) were offered at 80 columns as
// "demo://resource/static/do…  demo://resource/static/do…  +7": two
// candidates that read the same. Each keeps the end that tells it apart,
// and templates that share their last segment keep one more.
func TestLiveURICandidatesKeepTheirEnds(t *testing.T) {
	const base = "demo://resource/static/document/"
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{Handle: func(x *mcptest.Exchange) {
		switch {
		case x.Kind == mcptest.KindRequest && x.Method == "resources/list":
			var rs []map[string]string
			for _, n := range []string{"architecture.md", "extension.md", "features.md"} {
				rs = append(rs, map[string]string{"uri": base + n, "name": n})
			}
			x.Result(map[string]any{"resources": rs})
		case x.Kind == mcptest.KindRequest && x.Method == "resources/templates/list":
			x.Result(map[string]any{"resourceTemplates": []map[string]string{
				{"uriTemplate": "demo://resource/dynamic/text/{resourceId}", "name": "text"},
				{"uriTemplate": "demo://resource/dynamic/blob/{resourceId}", "name": "blob"},
			}})
		default:
			x.Default()
		}
	}})
	offered := func(typed, shown string) string {
		l := startLiveReady(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, 80, 24, "● initialized")
		l.command("resources/list")
		l.waitOK("resources/list")
		l.command("resources/templates/list")
		l.waitOK("resources/templates/list")
		return l.tabView(":"+typed, shown)
	}
	view := offered("read ", "…/blob/{resourceId}") // all five over two rows, where two were shown
	templates := offered("read demo://resource/dynamic/", "{resourceId}  ")
	if strings.Contains(view, "demo://resource/static/do…") {
		t.Errorf("the candidates are cut where they are all alike:\n%s", view)
	}
	for _, want := range []string{"…/architecture.md", "…/extension.md"} {
		if !strings.Contains(view, want) {
			t.Errorf("no candidate ends %q:\n%s", want, view)
		}
	}
	for _, want := range []string{"/text/{resourceId}", "/blob/{resourceId}"} {
		if !strings.Contains(templates, want) {
			t.Errorf("no template candidate ends %q:\n%s", want, templates)
		}
	}
}
