import Postgres
import Testing

/// Messages and logs name a database without its password, even when the URL does not parse.
@Suite struct PostgresURLTests {
  @Test(arguments: [
    ("postgres://ann:secret@db.example:5432/league", "postgres://ann:***@db.example:5432/league"),
    (
      "postgres://ann:s%40cret@db/league?sslmode=require",
      "postgres://ann:***@db/league?sslmode=require"
    ),
    ("postgres://ann:secret@[::1/league", "postgres://ann:***@[::1/league"),
    (
      "postgresql:///league?host=/run/postgresql&password=secret&user=ann",
      "postgresql:///league?host=/run/postgresql&password=***&user=ann"
    ),
    ("host=db password=secret dbname=league", "host=db password=*** dbname=league"),
    ("postgres://ann@db/league", "postgres://ann@db/league"),
    ("postgresql:///league?host=/run/postgresql", "postgresql:///league?host=/run/postgresql"),
  ])
  func thePasswordIsHidden(_ url: String, _ shown: String) {
    #expect(PostgresURL.redacted(url) == shown)
  }
}
