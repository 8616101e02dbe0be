package jsonspan

import (
	"strings"
	"testing"
)

// DecodeField finds a member by its exact key (JSON-RPC's names are
// case-sensitive: "Status" is not "status"), the last one counting, and
// decodes that member alone, so a sibling nested past encoding/json's
// 10,000 levels costs nothing.
func TestDecodeField(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	doc := mustParse(t, `{"_meta":`+deep+`,"status":"old","status":"working","Status":"folded","n":"7"}`, Limits{Depth: 1})
	root := doc.Root()
	var status string
	if err := root.DecodeField("status", &status); err != nil || status != "working" {
		t.Errorf(`DecodeField("status") = %q, %v; want "working", nil`, status, err)
	}
	var n int
	if err := root.DecodeField("n", &n); err == nil {
		t.Errorf(`DecodeField("n") into an int read the string "7" as %d, want encoding/json's error`, n)
	}
	var folded string
	if err := root.DecodeField("STATUS", &folded); err != nil || folded != "" {
		t.Errorf(`DecodeField("STATUS") = %q, %v; want no member: keys are exact`, folded, err)
	}
	missing := "kept"
	if err := root.DecodeField("absent", &missing); err != nil || missing != "kept" {
		t.Errorf(`DecodeField("absent") = %q, %v; want the value left as it was`, missing, err)
	}
	if err := root.DecodeField("_meta", new(any)); err == nil {
		t.Error(`DecodeField("_meta") decoded a member nested past encoding/json's limit, want its error`)
	}
}
