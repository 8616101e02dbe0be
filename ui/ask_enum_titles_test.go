package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpscope/mcpscope/mcp"
)

// A titled enum's options wrapped at their spaces: "prod (Production,"
// ended a row and "all regions at once)" began the next, read as an
// option of its own. Each option is on one row at any width, and one
// wider than the box is cut with "…".
func TestAskEnumTitlesKeepOptionsWhole(t *testing.T) {
	long := strings.Repeat("very ", 30) + "long"
	params := `{"message":"Where?","requestedSchema":{"type":"object","properties":{"env":{"type":"string","oneOf":[` +
		`{"const":"stg","title":"The staging environment in Frankfurt"},{"const":"prod","title":"Production, all regions at once"},` +
		`{"const":"dev","title":"Development"},{"const":"odd","title":"` + long + `"}],"description":"Where to do it."}}}}`
	for _, w := range []int{60, 80, 160} {
		m, _ := askModelAt(t, w, 30, mcp.InputRequest{Key: "deploy", Method: "elicitation/create", Params: json.RawMessage(params)})
		view := strings.ReplaceAll(ansi.Strip(m.View()), "\u00a0", " ")
		for _, opt := range []string{"stg (The staging environment in Frankfurt) |", "prod (Production, all regions at once) |", "dev (Development) |", "odd (very very very"} {
			if !strings.Contains(view, opt) {
				t.Errorf("at %d columns the option %q is not on one row:\n%s", w, opt, view)
			}
		}
		if strings.Contains(view, "long)") {
			t.Errorf("at %d columns the option wider than the box was not cut:\n%s", w, view)
		}
		if !strings.Contains(view, "very…") {
			t.Errorf("at %d columns the cut option does not end in …:\n%s", w, view)
		}
	}
}

// A multiple choice of titled options (an array whose items are a titled
// enum, as server-everything's elicitation form asks) wrapped at the
// spaces in its options: "fish-2" ended a row and "(Salmon)" began the
// next. Its options stay whole as a single choice's do.
func TestAskEnumTitlesManyKeepOptionsWhole(t *testing.T) {
	params := `{"message":"Fish?","requestedSchema":{"type":"object","properties":{"fish":{"type":"array","items":{"anyOf":[` +
		`{"const":"fish-1","title":"Tuna from the northern seas"},{"const":"fish-2","title":"Salmon of the rivers"},` +
		`{"const":"fish-3","title":"Trout"}]},"description":"Choose your favorite types of fish"}}}}`
	for _, w := range []int{60, 80, 160} {
		m, _ := askModelAt(t, w, 30, mcp.InputRequest{Key: "fish", Method: "elicitation/create", Params: json.RawMessage(params)})
		view := strings.ReplaceAll(ansi.Strip(m.View()), "\u00a0", " ")
		for _, opt := range []string{"fish-1 (Tuna from the northern seas) |", "fish-2 (Salmon of the rivers) |", "fish-3 (Trout)"} {
			if !strings.Contains(view, opt) {
				t.Errorf("at %d columns the option %q is not on one row:\n%s", w, opt, view)
			}
		}
	}
}
