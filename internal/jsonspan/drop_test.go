package jsonspan

import "testing"

// Dropping members keeps every other byte of the object, wherever the
// dropped ones stood, and leaves JSON behind.
func TestDropMembers(t *testing.T) {
	drop := func(k string) bool { return k == "x" }
	for in, want := range map[string]string{
		`{"x":1, "a":2}`:            `{"a":2}`,
		`{ "a":2 ,"x":[1],"b" : 3}`: `{ "a":2,"b" : 3}`,
		`{"a":2, "x":{"x":1} }`:     `{"a":2 }`,
		`{ "x":1,"\u0078":2 }`:      `{  }`,
		`{"a":1}`:                   `{"a":1}`,
		`[{"x":1}]`:                 `[{"x":1}]`,
	} {
		if got := string(DropMembers([]byte(in), drop)); got != want {
			t.Errorf("DropMembers(%s) = %s, want %s", in, got, want)
		}
	}
}
