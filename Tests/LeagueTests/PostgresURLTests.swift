import MVVMWebPostgres
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
    // libpq takes a password holding / ? or @ as it stands: all of it is hidden.
    ("postgresql://ann:sec?ret@127.0.0.1:1/db", "postgresql://ann:***@127.0.0.1:1/db"),
    ("postgres://ann:se/cret@db/league", "postgres://ann:***@db/league"),
    ("postgres://ann:p@ss@db/league", "postgres://ann:***@db/league"),
    ("host=h password='sec ret' dbname=x", "host=h password=*** dbname=x"),
    ("host=h password = 'it\\'s' dbname=x", "host=h password = *** dbname=x"),
    ("postgresql:///league?host=/run/postgresql", "postgresql:///league?host=/run/postgresql"),
  ])
  func thePasswordIsHidden(_ url: String, _ shown: String) {
    #expect(PostgresURL.redacted(url) == shown)
  }
}
