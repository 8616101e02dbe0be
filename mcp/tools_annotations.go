package mcp

// Hint is one of a tool's boolean annotations as the server stated it:
// the specification gives each a default, but a listing says only what the
// server said, so left out is not the same as the default.
type Hint uint8

// The states of a Hint.
const (
	HintUnstated Hint = iota // left out, or not a boolean
	HintTrue
	HintFalse
)

// ToolAnnotations are a tool's annotations (protocol 2025-03-26 on): hints
// to a client about what calling it does. They are the server's claims,
// not guarantees, and are shown as such.
type ToolAnnotations struct {
	Title                                        string
	ReadOnly, Destructive, Idempotent, OpenWorld Hint
}

// Words are the hints in a few words each, for one line of a listing:
// "read-only", or "destructive" / "non-destructive" and "idempotent" for a
// tool that is not read-only (the specification gives them meaning only
// then), then "open-world" / "closed-world". A hint left out says nothing.
func (a ToolAnnotations) Words() []string {
	var words []string
	if a.ReadOnly == HintTrue {
		words = append(words, "read-only")
	} else {
		switch a.Destructive {
		case HintTrue:
			words = append(words, "destructive")
		case HintFalse:
			words = append(words, "non-destructive")
		}
		if a.Idempotent == HintTrue {
			words = append(words, "idempotent")
		}
	}
	switch a.OpenWorld {
	case HintTrue:
		words = append(words, "open-world")
	case HintFalse:
		words = append(words, "closed-world")
	}
	return words
}

// TitleShown is the tool's title for a person, as the specification
// orders them: its title, else its annotations' title; "" when it has
// neither, or when the title is only its name again.
func (t Tool) TitleShown() string {
	title := t.Title
	if title == "" {
		title = t.Annotations.Title
	}
	if title == t.Name {
		return ""
	}
	return title
}

// readAnnotations reads a tool's annotations object, its exact bytes (the
// tools/list index stops above its members); anything of the wrong type
// reads as left out.
func readAnnotations(raw []byte) ToolAnnotations {
	var a ToolAnnotations
	v, ok := objectOf(raw, 1)
	if !ok {
		return a
	}
	a.Title, _ = v.Get("title").Text()
	hint := func(name string) Hint {
		switch string(v.Get(name).Raw()) {
		case "true":
			return HintTrue
		case "false":
			return HintFalse
		}
		return HintUnstated
	}
	a.ReadOnly, a.Destructive = hint("readOnlyHint"), hint("destructiveHint")
	a.Idempotent, a.OpenWorld = hint("idempotentHint"), hint("openWorldHint")
	return a
}
