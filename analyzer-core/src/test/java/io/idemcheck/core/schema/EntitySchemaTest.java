package io.idemcheck.core.schema;

import io.idemcheck.core.engine.Analyzer;
import io.idemcheck.core.engine.ProgressListener;
import io.idemcheck.core.engine.ScanRequest;
import io.idemcheck.core.rule.Rule;
import io.idemcheck.core.rule.RuleContext;
import io.idemcheck.core.rule.RuleInfo;
import io.idemcheck.core.rule.RuleRegistry;
import io.idemcheck.core.finding.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Entity annotations in the schema, through a whole scan (the schema is on the Project rules see). */
class EntitySchemaTest {

    @TempDir
    Path dir;

    @RuleInfo(id = "IDEM999", name = "Capture", summary = "captures the project", severity = Severity.NOTE)
    static final class Capture implements Rule {
        Schema schema;

        @Override
        public void check(RuleContext ctx) {
            schema = ctx.project().schema();
        }
    }

    private Schema scan() {
        Capture c = new Capture();
        new Analyzer().scan(new ScanRequest(List.of(dir), dir, 1, RuleRegistry.of(List.of(c)), ProgressListener.NONE));
        return c.schema;
    }

    @Test
    void jpaAndMybatisPlusAnnotations() throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/main/java/com/acme"));
        Files.writeString(src.resolve("Entities.java"), """
                package com.acme;

                import jakarta.persistence.*;
                import com.baomidou.mybatisplus.annotation.*;

                @Entity
                @Table(name = "t_charge", uniqueConstraints = @UniqueConstraint(columnNames = {"task_id", "biz_date"}),
                       indexes = {@Index(name = "ix_user", columnList = "user_id"),
                                  @Index(name = "uk_req", columnList = "request_id", unique = true)})
                class Charge {
                    @Id @GeneratedValue(strategy = GenerationType.IDENTITY) private Long id;
                    private Long taskId;
                    private java.time.LocalDate bizDate;
                    private Long userId;
                    private String requestId;
                }

                @Entity
                class MailLog {
                    @Id @GeneratedValue private Long id;
                    @Column(name = "mail_no", unique = true) private String mailNo;
                    @Transient private String scratch;
                }

                @TableName("t_payout")
                class Payout {
                    @TableId(type = IdType.AUTO) private Long id;
                    @TableField("payout_no") private String no;
                }
                """);
        Path mig = Files.createDirectories(dir.resolve("src/main/resources/db/migration"));
        Files.writeString(mig.resolve("V1__payout.sql"), "CREATE TABLE t_payout (id BIGINT PRIMARY KEY, payout_no VARCHAR(8));");
        Schema s = scan();
        Table charge = s.table("t_charge");
        assertThat(charge.origin()).isEqualTo(Table.Origin.ENTITY);
        assertThat(charge.relPath()).isEqualTo("src/main/java/com/acme/Entities.java");
        assertThat(charge.line()).isEqualTo(10);
        assertThat(charge.column("id").generated()).isTrue();
        assertThat(charge.surrogate(charge.primaryKey())).isTrue();
        assertThat(charge.businessKeys()).extracting(UniqueKey::columns)
                .containsExactly(List.of("task_id", "biz_date"), List.of("request_id"));
        Table mail = s.table("mail_log");
        assertThat(mail.column("scratch")).isNull();
        assertThat(mail.businessKeys()).extracting(UniqueKey::columns).containsExactly(List.of("mail_no"));
        Table payout = s.table("t_payout");
        assertThat(payout.origin()).isEqualTo(Table.Origin.DDL);
        assertThat(payout.businessKeys()).isEmpty();
    }

    @Test
    void tableNamesGivenAsConstantsAreResolved() throws Exception {
        Path src = Files.createDirectories(dir.resolve("src/main/java/com/acme"));
        Files.createDirectories(src.resolve("db"));
        Files.writeString(src.resolve("db/Tables.java"), """
                package com.acme.db;
                public final class Tables {
                    public static final String PREFIX = "t_";
                    public static final String CHARGE = PREFIX + "charge";
                    public static final String REFUND = "t_refund";
                }
                """);
        Files.writeString(src.resolve("Entities.java"), """
                package com.acme;

                import static com.acme.db.Tables.REFUND;
                import com.acme.db.Tables;
                import jakarta.persistence.*;
                import com.baomidou.mybatisplus.annotation.*;

                @Entity
                @Table(name = Tables.CHARGE, uniqueConstraints = @UniqueConstraint(columnNames = {"order_id"}))
                class Charge {
                    @Id @GeneratedValue private Long id;
                    private Long orderId;
                }

                @Entity
                @Table(name = REFUND)
                class Refund {
                    @Id @GeneratedValue private Long id;
                }

                @TableName(value = Payout.TABLE)
                class Payout {
                    static final String TABLE = "t_" + "payout";
                    @TableId(type = IdType.AUTO) private Long id;
                }

                @Entity
                @Table(name = Unknown.NAME)
                class Mystery {
                    @Id private Long id;
                }
                """);
        Schema s = scan();
        assertThat(s.table("t_charge")).isNotNull();
        assertThat(s.table("t_charge").businessKeys()).extracting(UniqueKey::columns)
                .containsExactly(List.of("order_id"));
        assertThat(s.table("charge")).isNull();
        assertThat(s.table("t_refund")).isNotNull();
        assertThat(s.table("t_payout")).isNotNull();
        assertThat(s.table("payout")).isNull();
        assertThat(s.table("mystery")).as("an unresolved constant: the class name").isNotNull();
    }
}
