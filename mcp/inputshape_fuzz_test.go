package mcp

import (
	"encoding/json"
	"strings"
	"testing"
)

// maxInputShape bounds InputShape's line: the method and at most
// MaxListed keys, each quoted to 64 bytes with its size, and the sentence.
const maxInputShape = 400 + (MaxListed+1)*(64+24)

// FuzzInputShape: the method is the user's and the result the server's.
// Saying what is wrong with a result that asks for input where it may not
// never panics, says nothing of a request that may ask, and otherwise
// says it exactly when a decoder reads resultType "input_required", on a
// line of bounded size whatever the server named.
func FuzzInputShape(f *testing.F) {
	for _, s := range []struct{ method, result string }{
		{"tools/list", `{"resultType":"input_required","inputRequests":{"a":{"method":"elicitation/create"}}}`},
		{"tools/call", `{"resultType":"input_required","inputRequests":{"a":{}}}`},
		{"server/discover", `{"resultType":"input_required","supportedVersions":["2026-07-28"],"capabilities":{"tools":{"listChanged":true}}}`},
		{"ping", `{"resultType":"complete"}`},
		{"resources/list", `{"resources":[{"uri":"a","meta":{"x":[1,2,{"y":3}]}}],"resultType":"input_required","inputRequests":[]}`},
		{"x\x1b]52;c;\x07", `{"resultType":"input_required","inputRequests":{"` + strings.Repeat("k", 200) + `":1,"\u202e":2,"\n":3,"a":4,"b":5,"c":6,"d":7,"e":8,"f":9}}`},
		{"prompts/list", `{"resultType":"input_\u0072equired","resultType":"complete"}`},
		{"logging/setLevel", `{"resultType":"input_required"` + strings.Repeat(`,"m":1`, 1100) + `}`},
		{"tools/list", `{"resultType":"input_required","inputRequests":{"a":1}`},
		{"completion/complete", `{"completion":{"values":[]}` + strings.Repeat(`,"m":1`, 1100) + `,"resultType":"input_required"}`},
	} {
		f.Add(s.method, s.result)
	}
	f.Fuzz(func(t *testing.T, method, result string) {
		shape := InputShape(method, []byte(result))
		if MayAskForInput(method) {
			if shape != "" {
				t.Fatalf("InputShape(%q) = %q, but %s may ask for input", method, shape, method)
			}
			return
		}
		if len(shape) > maxInputShape {
			t.Errorf("InputShape(%q, %d bytes) is %d bytes: %.300q", method, len(result), len(shape), shape)
		}
		if shape != "" && !strings.Contains(shape, `answered resultType "input_required"`) {
			t.Errorf("InputShape(%q, %.300q) = %q, which does not say what was wrong", method, result, shape)
		}
		// The reading agrees with a decoder's where a decoder reads one
		// resultType by exactly that name.
		var obj map[string]json.RawMessage
		if strings.Count(result, "esult") != 1 || json.Unmarshal([]byte(result), &obj) != nil {
			return
		}
		var rt string
		asks := json.Unmarshal(obj["resultType"], &rt) == nil && rt == "input_required"
		if asks != (shape != "") {
			t.Errorf("InputShape(%q, %.300q) = %q; a decoder reads resultType %s", method, result, shape, obj["resultType"])
		}
	})
}
