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

@Suite("XML's entities read back, and tags scanned with where they are")
struct XMLReadingTests {
    @Test("unescaped reverses escaped, reads character references, and keeps what XML does not define")
    func unescaped() {
        for text in ["Tom & Jerry's <\"best\">", "no entities", "&amp; as written", "مقهى 🚏"] {
            #expect(XMLText.unescaped(XMLText.escaped(text)) == text)
        }
        #expect(XMLText.unescaped("&#8212; &#x2014; &#X1F68F;") == "— — 🚏")
        #expect(XMLText.unescaped("&nbsp; & &; &#xZZ; &amp") == "&nbsp; & &; &#xZZ; &amp")
    }

    @Test("Tags with their prefix, decoded attributes, line and offset; character data with CDATA")
    func scanner() throws {
        var scanner = XMLScanner(
            Array("<?xml?>\n<a:b x='1 &amp; 2'>\n<n>A &lt; <![CDATA[<B>]]><!-- c --> C</n></a:b>".utf8))
        let first = try #require(try scanner.nextTag())
        #expect(first.name == "b" && first.prefix == "a" && first.attributes == ["x": "1 & 2"])
        #expect(first.line == 2 && first.offset == 8 && first.textBefore == nil)
        let name = try #require(try scanner.nextTag())
        #expect(name.name == "n" && name.prefix == nil && name.line == 3 && name.textBefore == nil)
        #expect(try scanner.characterData() == "A < <B> C")
        #expect(try scanner.nextTag()?.isEnd == true)
        #expect(scanner.lineAndColumn(at: name.offset) == (3, 1))
        var text = XMLScanner(Array("\n  x <a/>".utf8))
        #expect(try text.nextTag()?.textBefore == 3)
        var cut = XMLScanner(Array("<a>\n  <b".utf8))
        _ = try cut.nextTag()
        #expect(throws: XMLScanner.Problem(line: 2, offset: 6, reason: .unclosed("<b"))) { try cut.nextTag() }
    }

    @Test("Lines counted across long text, tags, comments and a reader's own skip, as one byte at a time would")
    func lines() throws {
        // Lines of 0 to 40 bytes, some of several bytes a character, in text, tags and comments.
        var text = "<r>"
        for index in 0..<300 {
            let filler = String(repeating: index % 3 == 0 ? "é" : "x", count: index % 41)
            text +=
                index % 5 == 0 ? "<!-- \(filler)\n -->" : index % 7 == 0 ? "<t a='\(filler)\n'/>" : "\(filler)\n<t/>"
        }
        text += "</r>"
        let bytes = Array(text.utf8)
        func lineAt(_ offset: Int) -> Int { 1 + bytes[..<offset].filter { $0 == 0x0A }.count }
        var scanner = XMLScanner(bytes)
        while let tag = try scanner.nextTag() {
            #expect(tag.line == lineAt(tag.offset))
            #expect(scanner.line == lineAt(scanner.offset))
        }
        var skipping = XMLScanner(bytes)
        for offset in stride(from: 5, to: bytes.count, by: 97) {
            skipping.skip(to: offset)
            #expect(skipping.line == lineAt(offset))
        }
    }
}
