package history

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
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
	var names []string
	for _, p := range sf.Prompts {
		names = append(names, p.Name)
	}
	if len(names) != 2 || names[0] != "review" || names[1] != "summarize" || len(sf.Prompts[0].Arguments) != 1 {
		t.Errorf("prompts %v, want review (with its argument) and summarize, not the stray page", names)
	}
	if len(sf.Resources) != 1 || sf.Resources[0].URI != "demo://readme" {
		t.Errorf("resources %+v, want demo://readme kept despite the refused listing", sf.Resources)
	}
	if len(sf.Templates) != 1 || sf.Templates[0].URITemplate != "notes://{tag}" {
		t.Errorf("templates %+v, want notes://{tag}", sf.Templates)
	}
}
