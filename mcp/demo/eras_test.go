package demo

import (
	"slices"
	"strings"
	"testing"
)

// allTools is every tool a fresh gateway lists.
var allTools = []string{
	"big", "confirm", "convert", "cut_stream", "fail", "forecast", "greet", "link_account", "list_roots",
	"log", "mcp-add", "mcp-find", "sample", "search_notes", "slow",
}

func TestErasInitializeOrDiscover(t *testing.T) {
	ts := startDemo(t, Options{Name: "era-demo", Version: "1.2.3"})
	forEra(t, func(t *testing.T, e era) {
		res := e.connect(t, ts.URL, nil).InitializeResult()
		if res.ServerInfo == nil || res.ServerInfo.Name != "era-demo" || res.ServerInfo.Version != "1.2.3" {
			t.Errorf("server info = %+v, want era-demo 1.2.3", res.ServerInfo)
		}
		if !strings.Contains(res.Instructions, "link_account") || !strings.Contains(res.Instructions, "notes://{tag}") {
			t.Errorf("instructions = %q, want them to name every tool and resource", res.Instructions)
		}
		c := res.Capabilities
		switch {
		case c.Tools == nil || !c.Tools.ListChanged:
			t.Errorf("tools capability = %+v, want listChanged", c.Tools)
		case c.Resources == nil || !c.Resources.Subscribe:
			t.Errorf("resources capability = %+v, want subscribe", c.Resources)
		case c.Prompts == nil:
			t.Error("no prompts capability")
		case c.Completions == nil:
			t.Error("no completions capability")
		case c.Logging == nil:
			t.Error("no logging capability")
		}
	})
}

func TestErasListAndCallTools(t *testing.T) {
	ts := startDemo(t, Options{})
	forEra(t, func(t *testing.T, e era) {
		cs := e.connect(t, ts.URL, nil)
		var names []string
		for name := range toolNames(t, cs) {
			names = append(names, name)
		}
		slices.Sort(names)
		if !slices.Equal(names, allTools) {
			t.Errorf("tools/list = %v, want %v", names, allTools)
		}
		if got, want := text(t, call(t, cs, "greet", map[string]any{"name": "Ann", "times": 2})), "Hello, Ann! Hello, Ann!"; got != want {
			t.Errorf("greet = %q, want %q", got, want)
		}
		// On 2026 the SDK's client mirrors forecast's arguments in
		// Mcp-Param headers, from the schema tools/list gave it.
		if got := text(t, call(t, cs, "forecast", map[string]any{"region": "Lisbon", "days": 1})); !strings.HasPrefix(got, "Lisbon, 1 day:\nday 1: ") {
			t.Errorf("forecast = %q, want one day for Lisbon", got)
		}
		res := call(t, cs, "fail", map[string]any{"message": "boom"})
		if !res.IsError || text(t, res) != "boom" {
			t.Errorf("fail = %q isError=%v, want boom isError", text(t, res), res.IsError)
		}
	})
}
