package main

import (
	"strings"
	"testing"
)

// titledForm titles its choices as server-everything's
// trigger-elicitation-request does: a oneOf of consts with titles, the same
// for an array's items, and the legacy enumNames.
const titledForm = `{"type":"object","properties":{
	"hero":{"type":"string","oneOf":[{"const":"hero-1","title":"Superman"},{"const":"hero-2","title":"Green Lantern"}]},
	"fish":{"type":"array","items":{"anyOf":[{"const":"fish-1","title":"Tuna"},{"const":"fish-2","title":"Salmon"}]}},
	"pet":{"type":"string","enum":["pet-1","pet-2"],"enumNames":["Cats","Dogs"]}}}`

// A form whose choices are titled is described with each value's title:
// "hero-1" alone does not say which hero it is. The value is still what
// is typed and sent.
func TestExecTitledEnumChoicesShowTheirTitles(t *testing.T) {
	srv := formServer(t, "Pick", titledForm)

	out, errOut, code := run(t, "exec", "--no-record", srv.Endpoint(), "tools/call pick")
	for _, want := range []string{"hero: enum: hero-1 (Superman)|hero-2 (Green Lantern)", "fish: array of enum: fish-1 (Tuna)|fish-2 (Salmon)", "pet: enum: pet-1 (Cats)|pet-2 (Dogs)"} {
		if code != exitFailed || !strings.Contains(errOut, want) {
			t.Errorf("exec without --answer: exit %d; want the form described with %q\n%s\n%s", code, want, out, errOut)
		}
	}

	out, errOut, code = run(t, "exec", "--no-record", "--answer", "elicitation accept hero=hero-2 fish=fish-1 pet=pet-2", srv.Endpoint(), "tools/call pick")
	want := `form answer {"action":"accept","content":{"hero":"hero-2","fish":["fish-1"],"pet":"pet-2"}}`
	if code != exitOK || !strings.Contains(out, want) {
		t.Errorf("exec with the values typed: exit %d; want %s\n%s\n%s", code, want, out, errOut)
	}
}

// A value that is none of a titled enum's choices is warned about with
// every choice, as server-everything's simulate-research-query asks for an
// interpretation: the warning named only the first const, as if it were the
// one value allowed.
func TestExecTitledEnumMissNamesEveryChoice(t *testing.T) {
	srv := formServer(t, "Pick", titledForm)

	out, errOut, code := run(t, "exec", "--no-record", "--answer", "elicitation accept hero=hero-9 fish=fish-1 fish=fish-7", srv.Endpoint(), "tools/call pick")
	for _, want := range []string{
		`hero: "hero-9" is not one of hero-1 (Superman)|hero-2 (Green Lantern)`,
		`fish[1]: "fish-7" is not one of fish-1 (Tuna)|fish-2 (Salmon)`,
	} {
		if code != exitOK || !strings.Contains(errOut, want) {
			t.Errorf("exec answering with a value no choice has: exit %d; want the warning %q\n%s\n%s", code, want, out, errOut)
		}
	}
	if strings.Contains(errOut, "fish[0]") {
		t.Errorf("a choice the enum has was warned about:\n%s", errOut)
	}
}
