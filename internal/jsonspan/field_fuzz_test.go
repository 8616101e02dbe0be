package jsonspan

import (
	"encoding/json"
	"reflect"
	"testing"
)

// FuzzDecodeFieldAgreesWithJSON: a member read by DecodeField is the one
// encoding/json finds in a map of the object, by its exact key, the last of
// duplicates counting, however the keys are cased or escaped (bytes that
// are no UTF-8 in a key read as U+FFFD, as encoding/json reads them).
func FuzzDecodeFieldAgreesWithJSON(f *testing.F) {
	for _, s := range []struct{ doc, key string }{
		{`{"status":"old","status":"working","Status":"folded"}`, "status"},
		{`{"Status":"folded"}`, "status"},
		{`{"st\u0061tus":1,"status":2}`, "status"},
		{`{"status":2,"st\u0061tus":1}`, "status"},
		{`{"k\ud800":1}`, "k\ufffd"},
		{"{\"k\xff\":1,\"k\xfe\":2}", "k\ufffd"},
		{"{\"k\xff\":1}", "k\xff"},
		{`{"\u212a":1,"K":2,"k":3}`, "k"},
		{`{"a":{"b":1},"a":[1,2]}`, "a"},
		{`[{"a":1}]`, "a"},
	} {
		f.Add(s.doc, s.key)
	}
	f.Fuzz(func(t *testing.T, text, key string) {
		var want map[string]json.RawMessage
		if json.Unmarshal([]byte(text), &want) != nil || want == nil {
			return
		}
		doc, err := Parse([]byte(text), Limits{Depth: 64, Values: 1 << 16, Children: 1 << 16})
		if err != nil {
			t.Fatalf("Parse(%q) = %v; encoding/json read it", text, err)
		}
		var got, exp any
		if err := doc.Root().DecodeField(key, &got); err != nil {
			t.Fatalf("DecodeField(%q) of %q = %v", key, text, err)
		}
		if raw, ok := want[key]; ok {
			if err := json.Unmarshal(raw, &exp); err != nil {
				t.Fatal(err)
			}
		}
		if !reflect.DeepEqual(got, exp) {
			t.Fatalf("DecodeField(%q) of %q = %#v, encoding/json's member is %#v", key, text, got, exp)
		}
	})
}
