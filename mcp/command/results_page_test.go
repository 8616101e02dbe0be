package command

import (
	"encoding/json"
	"strings"
	"testing"
)

// The three list readers read a page as encoding/json reads a struct: a
// member named in another case still counts, a member of another list is
// not read (so a junk one there is no error), and a wrong type under the
// list's own member is one, naming the method.
func TestListPagesReadAsStructs(t *testing.T) {
	pp, err := ParsePrompts(json.RawMessage(`{"Prompts":[{"name":"review"}],"NEXTCURSOR":"p2","resources":5}`))
	ps, next := pp.Items, pp.Next
	if err != nil || len(ps) != 1 || ps[0].Name != "review" || next != "p2" {
		t.Errorf("ParsePrompts = %v, %q, %v; want review and p2", ps, next, err)
	}
	rp, err := ParseResources(json.RawMessage(`{"resources":[{"uri":"demo://a","name":"a"}],"resourceTemplates":"x"}`))
	rs := rp.Items
	if err != nil || len(rs) != 1 || rs[0].URI != "demo://a" {
		t.Errorf("ParseResources = %v, %v; want demo://a", rs, err)
	}
	tp, err := ParseTemplates(json.RawMessage(`{"resourceTemplates":[{"uriTemplate":"notes://{tag}","name":"n"}]}`))
	ts, next := tp.Items, tp.Next
	if err != nil || len(ts) != 1 || ts[0].URITemplate != "notes://{tag}" || next != "" {
		t.Errorf("ParseTemplates = %v, %q, %v; want notes://{tag} and no cursor", ts, next, err)
	}
	if _, err := ParseTemplates(json.RawMessage(`{"resourceTemplates":{}}`)); err == nil || !strings.Contains(err.Error(), "resources/templates/list result is not readable") {
		t.Errorf("ParseTemplates of an object = %v, want an error naming resources/templates/list", err)
	}
}

// One item a page reader cannot read costs that item, not the page: an
// item nested past encoding/json's 10,000 levels or not an object is left
// out, and a member of the wrong type costs that member only. Before, any
// of them made the whole page "not readable": exec printed raw JSON and
// the TUI's completion lost every resource of the page.
func TestListPageKeepsTheItemsItCanRead(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	page := `{"resources":[` +
		`{"uri":"demo://deep","name":"deep","_meta":{"x":` + deep + `}},` +
		`{"uri":"demo://sized","name":"sized","size":"12"},` +
		`5,` +
		`{"uri":"demo://plain","name":"plain"}` +
		`],"nextCursor":"p2"}`
	p, err := ParseResources(json.RawMessage(page))
	rs, next := p.Items, p.Next
	var uris []string
	for _, r := range rs {
		uris = append(uris, r.URI)
	}
	if err != nil || next != "p2" || strings.Join(uris, " ") != "demo://sized demo://plain" {
		t.Errorf("ParseResources = %v, %q, %v; want demo://sized and demo://plain, and the cursor p2", uris, next, err)
	}
	// What was left out is said, so a page of them is not read as empty.
	if len(p.Unreadable) != 2 || !strings.HasPrefix(p.Unreadable[0], "resources[0]: ") || p.Unreadable[1] != "resources[2]: the entry is an integer (5), not an object" {
		t.Errorf("Unreadable = %q, want resources[0] (too deep) and resources[2] (5)", p.Unreadable)
	}
}
