package command

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Titled enums, as elicitation forms write them since 2025-11-25 (a oneOf
// or anyOf of {"const", "title"}), read as the enums they are: the type a
// hint shows (each value with its title: "hero-1" alone does not say it is
// Superman), the values completion offers, and the JSON a typed value
// becomes.
func TestTitledEnumsAreEnums(t *testing.T) {
	s, err := ParseSchema(json.RawMessage(`{"type":"object","properties":{
		"hero":{"type":"string","oneOf":[{"const":"hero-1","title":"Superman"},{"const":"hero-2","title":"Batman"}]},
		"fish":{"type":"array","items":{"anyOf":[{"const":"fish-1","title":"Tuna"},{"const":"fish-2","title":"Cod"}]}},
		"level":{"anyOf":[{"const":1,"title":"low"},{"const":2,"title":"high"}]},
		"mixed":{"anyOf":[{"const":"a"},{"type":"integer"}]},
		"pet":{"type":"string","enum":["pet-1","pet-2"],"enumNames":["Cats","Dogs"]},
		"odd":{"type":"string","enum":["x","y"],"enumNames":["only one"]},
		"plain":{"oneOf":[{"const":"p"},{"const":"q"}]}}}`))
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{
		"hero":  "enum: hero-1 (Superman)|hero-2 (Batman)",
		"fish":  "array of enum: fish-1 (Tuna)|fish-2 (Cod)",
		"level": "enum: 1 (low)|2 (high)",
		"mixed": "enum: a | integer",
		"pet":   "enum: pet-1 (Cats)|pet-2 (Dogs)",
		"odd":   "enum: x|y",
		"plain": "enum: p|q",
	} {
		if got := s.Property(key).Schema.TypeString(); got != want {
			t.Errorf("%s: TypeString = %q, want %q", key, got, want)
		}
	}
	if got := s.Property("mixed").Schema.Choices(); got != nil {
		t.Errorf("a union with a branch that is no const lists choices %s", got)
	}
	args, warns, err := ParseArgs([]string{"level=2", "hero=hero-1"}, s)
	if err != nil || len(warns) != 0 {
		t.Fatalf("ParseArgs: %v, %v", warns, err)
	}
	if b, _ := args.MarshalJSON(); string(b) != `{"level":2,"hero":"hero-1"}` {
		t.Errorf("args = %s; want level the number 2 and hero the string", b)
	}
	if _, warns, _ := ParseArgs([]string{"hero=hero-9"}, s); len(warns) == 0 {
		t.Error("a hero that is none of the titled enum's values was not warned of")
	}
}

// A union of more consts than the reader keeps says how many it left out,
// as a long enum does: the offer of its values said nothing of the cut.
func TestChoicesLeftOutCountsAUnionCut(t *testing.T) {
	for _, kw := range []string{"enum", "oneOf", "anyOf"} {
		members := make([]string, 5000)
		for i := range members {
			if kw == "enum" {
				members[i] = fmt.Sprintf(`"v%d"`, i)
			} else {
				members[i] = fmt.Sprintf(`{"const":"v%d"}`, i)
			}
		}
		s, err := ParseSchema(json.RawMessage(`{"` + kw + `":[` + strings.Join(members, ",") + `]}`))
		if err != nil {
			t.Fatal(err)
		}
		if got, left := len(s.Choices()), s.ChoicesLeftOut(); got != 4096 || left != 904 {
			t.Errorf("%s of 5,000: %d choices and %d left out, want 4096 and 904", kw, got, left)
		}
	}
}
