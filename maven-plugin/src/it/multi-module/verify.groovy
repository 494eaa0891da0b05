import groovy.json.JsonSlurper

def results = { String dir ->
    def f = new File(basedir, dir + '/target/idemcheck/idemcheck.sarif')
    assert f.isFile() : "missing ${f}"
    new JsonSlurper().parse(f).runs[0].results.findAll { it.level != 'note' }.collect {
        [it.ruleId, it.locations[0].physicalLocation.artifactLocation.uri, it.locations[0].physicalLocation.region.startLine]
    }
}
def expected = [['IDEM001', 'jobs/src/main/java/com/acme/SeedJob.java', 11]]
// per module: paths relative to the reactor root (the git top), like the aggregate and the CLI
assert results('jobs') == expected
assert results('lib') == []
// aggregate: one report at the root with the finding once
assert results('.') == expected
def log = new File(basedir, 'build.log').text
assert log.contains('idemcheck: skipped (pom packaging)')
assert log.count(':check-aggregate (default-cli) @ ') == 1
assert log.contains('[INFO] idemcheck: 2 files, 1 finding')   // the aggregate read both modules
return true
