package ui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// BenchmarkUnboundRune is the cost of telling whether a printable key is
// bound, paid on every key that reaches the panes (j held down to scroll).
func BenchmarkUnboundRune(b *testing.B) {
	m := newTestModel(b, 80, 24, newFakeBackend(), nil)
	msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'2'}}
	b.ReportAllocs()
	for b.Loop() {
		if !m.unboundRune(msg) {
			b.Fatal("2 was found bound")
		}
	}
}
