import Testing

@testable import TextFormats

@Suite("Text in markup: one escaper for SSML, JUnit and the study's page")
struct XMLTextTests {
    @Test(
        "Markup characters become entities; controls XML cannot hold are left out; the rest stays",
        arguments: [
            ("Farmácia d'Alfama", "Farmácia d&apos;Alfama"),
            ("fail & <odd> \"name\"", "fail &amp; &lt;odd&gt; &quot;name&quot;"),
            ("a\tb\nc\r\nd", "a\tb\nc\r\nd"),
            ("bell\u{7}null\u{0}esc\u{1B}", "bellnullesc"),
            ("&amp;", "&amp;amp;"),
            ("👩‍👩‍👧 Café", "👩‍👩‍👧 Café"),
        ])
    func escaped(text: String, expected: String) {
        #expect(XMLText.escaped(text) == expected)
    }
}
