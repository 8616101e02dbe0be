package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Once the server has said what it offers, Tab offers its methods first
// and marks those whose capability it left out (the fake declares
// resources without subscribe): the methods mcpscope knows were offered
// alike, and only the refusal's hint named the capability. Marked ones
// still go in as typed, without the mark.
func TestLiveTabOffersDeclaredMethodsFirst(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	l := startLive(t, mcp.Config{URL: srv.Endpoint()})
	l.waitFor("● initialized")
	l.tm.Type(":")
	l.typeTab("resources/")
	l.waitFor("resources/subscribe (not declared)")
	for range 4 {
		l.typeTab("")
	}
	l.waitFor("resources/subscribe ")
	m := l.quit()
	view := m.View()
	if got := m.cmdline.input.Value(); got != "resources/subscribe " {
		t.Errorf("fifth Tab put %q on the line, want the undeclared method as typed", got)
	}
	read, sub := strings.Index(view, "resources/read"), strings.Index(view, "resources/subscribe (not declared)")
	if read < 0 || sub < read {
		t.Errorf("want resources/read before the undeclared resources/subscribe among the candidates:\n%s", view)
	}
}

// The hint under a method half typed names the methods the server left
// undeclared apart, after those it offers.
func TestMethodHintSaysWhichAreNotDeclared(t *testing.T) {
	keys := DefaultKeyMap()
	ctx := analyze("res", nil)
	ctx.undeclared = undeclaredOf(nil, "", []byte(`{"resources":{}}`))
	got := ctx.hint(nil, keys)
	want := "methods: resources/list  resources/templates/list  resources/read · not declared by the server: resources/subscribe  resources/unsubscribe"
	if got != want {
		t.Errorf("hint %q, want %q", got, want)
	}
}

// On 80 columns the methods offered fill the hint row, and its "not
// declared by the server" part was cut off it: the undeclared are counted
// in what room is left, so the row always says some are.
func TestLiveMethodHintCountsUndeclaredAt80(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	l := startLiveReady(t, mcp.Config{URL: srv.Endpoint()}, 80, 24, "● initialized")
	l.tm.Type(":res")
	l.waitFor("methods: resources/list  resources/templates/list  +1 · +2 not declared")
	l.quit()
}

// A row with room names the undeclared as it names the offered.
func TestMethodHintNamesUndeclaredWhereTheyFit(t *testing.T) {
	ctx := analyze("resources/", nil)
	ctx.undeclared = undeclaredOf(nil, "", []byte(`{"resources":{}}`))
	ctx.room = 100
	got := ctx.hint(nil, DefaultKeyMap())
	want := "methods: resources/list  +2 · not declared by the server: resources/subscribe  resources/unsubscribe"
	if got != want {
		t.Errorf("hint in 100 cells %q, want %q", got, want)
	}
}
