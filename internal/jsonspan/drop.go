package jsonspan

// DropMembers is the JSON object src without the members whose key drop
// matches, the others left byte for byte, each after the separator that
// stood before it; src itself when it is no object or drops nothing. The
// one way mcpscope takes members out of JSON it passes on: a request's
// params, the demo's answers of an older era.
func DropMembers(src []byte, drop func(key string) bool) []byte {
	doc, err := Parse(src, Limits{Depth: 1})
	if err != nil || doc.Root().Kind() != Object {
		return src
	}
	// sep is where the separator before a member begins: the end of the
	// member before it, kept or not.
	type span struct{ sep, keyFrom, to int }
	var kept []span
	dropped, first, last := false, -1, 0
	for k, v := range doc.Root().Members() {
		keyFrom, _ := v.KeySpan()
		_, to := v.Span()
		if first < 0 {
			first = keyFrom
		}
		m := span{last, keyFrom, to}
		last = to
		if drop(k) {
			dropped = true
			continue
		}
		kept = append(kept, m)
	}
	if !dropped {
		return src
	}
	out := append([]byte(nil), src[:first]...)
	for i, m := range kept {
		if i > 0 {
			out = append(out, src[m.sep:m.keyFrom]...) // the comma before it
		}
		out = append(out, src[m.keyFrom:m.to]...)
	}
	return append(out, src[last:]...)
}
