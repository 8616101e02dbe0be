package ui

import "github.com/charmbracelet/bubbles/key"

// pairMarks are the Pairs rows' marks that say no key's help, each a row
// of the help with no key of its own: "↪ input", "· probe",
// "⊘ declined", "↩ answered" and the rest stood in the STATE column with
// nothing to say what they meant. Shown wherever the Pairs pane is
// (always).
func (k *KeyMap) pairMarks() []key.Binding {
	mark := func(m, meaning string) key.Binding {
		// Bubbles' help leaves out a binding with no keys; the keys are
		// never shown, only the mark.
		return key.NewBinding(key.WithKeys(k.Help.Keys()...), key.WithHelp(m, meaning))
	}
	return []key.Binding{
		mark("→ auto", "a request mcpscope sent on its own (Detail says why)"),
		mark("↪ input", "the server asks for input: answer, and a new round goes"),
		mark("↪ ok", "a call that took rounds of input, as it ended (its rounds follow)"),
		mark("↪ redirected", "sent again where upstream's redirect points (the next row)"),
		mark("↻ replaced", "a new stream or session took its place"),
		mark("↻ replayed", "sent again by a resumed stream: nothing new"),
		mark("· probe", "a detection probe; · probe 400: refused, not its transport"),
		mark("✗ probe 500", "a detection probe the server failed, or never answered"),
		mark("⊘ declined", "a server's question you declined (⊘ cancelled: dismissed)"),
		mark("↩ answered", "a server's request answered from here"),
		mark("○ closed", "ended with the session or its stream, not failed"),
	}
}
