import groovy.json.JsonSlurper

def log = new File(basedir, 'build.log').text
def sarif = new JsonSlurper().parse(new File(basedir, 'target/idemcheck/idemcheck.sarif'))
def results = sarif.runs[0].results.findAll { it.level != 'note' }
assert results.size() == 1
def r = results[0]
assert r.ruleId == 'IDEM001'
assert r.level == 'error'
assert r.locations[0].physicalLocation.artifactLocation.uri == 'src/main/java/com/acme/SeedJob.java'
assert r.locations[0].physicalLocation.region.startLine == 11
assert new File(basedir, 'target/idemcheck/idemcheck.txt').isFile()
assert !new File(basedir, 'target/idemcheck/idemcheck.json').exists()   // default formats: sarif and text

def path = new File(basedir, 'src/main/java/com/acme/SeedJob.java').canonicalPath
assert log.contains("[ERROR] ${path}:[11,13] [IDEM001] SideEffectBeforeStatusRecord: ")
assert log.contains('[INFO] idemcheck: 2 files, 1 finding (1 error, 0 warnings, 0 notes), 0 files not analysed')
assert log.contains('idemcheck: 1 finding at or above severity warning, more than the 0 allowed '
        + '(maxAllowedViolations); see target/idemcheck/idemcheck.sarif')
assert log.contains('BUILD FAILURE')
assert log.contains('MojoFailureException')
assert !log.contains('MojoExecutionException')
return true
