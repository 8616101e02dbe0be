package mcp

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// FuzzInitializeShape: an initialize result is the server's to write, its
// members in any order and as many as it likes. Whatever comes before its
// capabilities, and however many capabilities it names, the shape is said
// exactly when a capability (or capabilities, or the result) is no object,
// on a line of bounded size that names what is wrong.
func FuzzInitializeShape(f *testing.F) {
	for _, s := range []struct {
		before uint16
		names  string
		kinds  []byte
	}{
		{0, "tools,prompts", []byte{0, 0}},
		{0, "tools", []byte{1}},
		{1100, "tools", []byte{2}},
		{3, strings.Repeat("c,", 1100) + "late", append(make([]byte, 1100), 3)},
		{0, "\x1b[2J,\u202e,", []byte{4, 5, 0}},
		{2000, "", nil},
		{0, manyNames(1100), append(make([]byte, 1100), 1)},
	} {
		f.Add(s.before, s.names, s.kinds)
	}
	values := []string{`{}`, `5`, `null`, `"x"`, `[]`, `true`}
	f.Fuzz(func(t *testing.T, before uint16, names string, kinds []byte) {
		var b strings.Builder
		b.WriteString(`{"protocolVersion":"2025-11-25"`)
		for i := range int(before % 4096) {
			fmt.Fprintf(&b, `,"m%d":1`, i)
		}
		b.WriteString(`,"capabilities":{`)
		seen := map[string]bool{}
		odd := 0
		for i, name := range strings.Split(names, ",") {
			key, _ := json.Marshal(name)
			if seen[string(key)] || i >= len(kinds) {
				continue
			}
			seen[string(key)] = true
			v := values[int(kinds[i])%len(values)]
			if v != `{}` {
				odd++
			}
			if len(seen) > 1 {
				b.WriteString(",")
			}
			b.Write(key)
			b.WriteString(":" + v)
		}
		b.WriteString(`}}`)
		result := b.String()
		if !json.Valid([]byte(result)) {
			t.Fatalf("built an initialize result that is no JSON: %.300s", result)
		}
		shape := InitializeShape([]byte(result))
		if (shape != "") != (odd > 0) {
			t.Fatalf("InitializeShape of a result with %d members before capabilities and %d capabilities, %d no object = %q", before%4096, len(seen), odd, shape)
		}
		if len(shape) > 200+(MaxListed+1)*(64+48) {
			t.Errorf("InitializeShape is %d bytes: %.300q", len(shape), shape)
		}
	})
}

// manyNames is n distinct capability names and one more, comma-separated.
func manyNames(n int) string {
	names := make([]string, n+1)
	for i := range names {
		names[i] = fmt.Sprintf("c%d", i)
	}
	return strings.Join(names, ",")
}
