package history

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The Log keeps the prompts, resources and templates of the newest list
// answers, following nextCursor pages of one listing and leaving out a
// page of a listing it did not see start.
func TestLogSurfaceFollowsListAnswers(t *testing.T) {
	s := newScript()
	s.negotiate()
	p1 := s.request("1", "prompts/list", `{}`)
	s.result("1", p1, `{"prompts":[{"name":"review","arguments":[{"name":"lang","required":true}]}],"nextCursor":"c2"}`)
	p2 := s.request("2", "prompts/list", `{"cursor":"c2"}`)
	s.result("2", p2, `{"prompts":[{"name":"summarize"}]}`)
	stray := s.request("3", "prompts/list", `{"cursor":"zz"}`)
	s.result("3", stray, `{"prompts":[{"name":"stray"}]}`)
	r := s.request("4", "resources/list", `{}`)
	s.result("4", r, `{"resources":[{"uri":"demo://readme","name":"readme"}]}`)
	tl := s.request("5", "resources/templates/list", `{}`)
	s.result("5", tl, `{"resourceTemplates":[{"uriTemplate":"notes://{tag}","name":"notes"}]}`)
	bad := s.request("6", "resources/list", `{}`)
	s.recv(mcp.ClassResponse, "6", bad, `{"jsonrpc":"2.0","id":6,"error":{"code":-32601,"message":"no"}}`)
	l := s.log()
	sf := l.Surface()
	if got := promptNames(sf); got != "review summarize" || len(sf.Prompts[0].Arguments) != 1 {
		t.Errorf("prompts %q, want review (with its argument) and summarize, not the stray page", got)
	}
	if len(sf.Resources) != 1 || sf.Resources[0].URI != "demo://readme" {
		t.Errorf("resources %+v, want demo://readme kept despite the refused listing", sf.Resources)
	}
	if len(sf.Templates) != 1 || sf.Templates[0].URITemplate != "notes://{tag}" {
		t.Errorf("templates %+v, want notes://{tag}", sf.Templates)
	}
}

// A 2026 prompts/list whose first page says "nextCursor":"" goes on at
// cursor "": completion offers both pages' prompts. A 2025 server writes
// "nextCursor":"" on its last page, so there the listing is complete and a
// page of another listing does not replace it.
func TestLogSurfaceEmptyCursorByEra(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "prompts/list", mcptest.PagedOnEmptyCursor("prompts", `{"name":"first"}`, `{"name":"second"}`))
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStateless, NoListen: true}, func(ctx context.Context, s *mcp.Session) {
		if _, err := s.ListPages(ctx, "prompts/list", mcp.Cursor{}, true); err != nil {
			t.Fatal(err)
		}
	})
	if got := promptNames(l.Surface()); got != "first second" {
		t.Errorf("2026 prompts %q, want first second", got)
	}

	s := newScript()
	s.negotiate()
	p1 := s.request("1", "prompts/list", `{}`)
	s.result("1", p1, `{"prompts":[{"name":"only"}],"nextCursor":""}`)
	stray := s.request("2", "prompts/list", `{"cursor":"zz"}`)
	s.result("2", stray, `{"prompts":[{"name":"stray"}]}`)
	if got := promptNames(s.log().Surface()); got != "only" {
		t.Errorf("2025 prompts %q, want only (its listing ended at nextCursor \"\")", got)
	}
}

// promptNames are the names of sf's prompts, in order, space-separated.
func promptNames(sf Surface) string {
	var names []string
	for _, p := range sf.Prompts {
		names = append(names, p.Name)
	}
	return strings.Join(names, " ")
}
