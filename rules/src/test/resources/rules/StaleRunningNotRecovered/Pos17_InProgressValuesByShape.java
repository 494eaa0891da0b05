// In-progress values recognised by their shape, not by a list: a word ending in -ING (EXPORTING, REFUNDING, SYNCING),
// a value holding one (RUNNING_EXECUTION), and IN_FLIGHT / IN_PROCESS. Each row is moved there before its work and
// nothing ever looks at such rows by age, so a worker that dies midway leaves them stuck.
package demo.pos17;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.scheduling.annotation.Scheduled;

@Mapper
interface ExportMapper {
    @Select("SELECT id FROM export_job WHERE status = 'NEW'")
    List<Long> selectNew();
    @Update("UPDATE export_job SET status = 'EXPORTING' WHERE id = #{id} AND status = 'NEW'") // expect: IDEM008 "EXPORTING"
    int markExporting(@Param("id") long id);
    @Update("UPDATE export_job SET status = 'DONE' WHERE id = #{id}")
    int markDone(@Param("id") long id);

    @Update("UPDATE refund_order SET refund_state = 'REFUNDING' WHERE id = #{id} AND refund_state = 'APPLIED'") // expect: IDEM008 "REFUNDING"
    int markRefunding(@Param("id") long id);
    @Update("UPDATE refund_order SET refund_state = 'REFUNDED' WHERE id = #{id}")
    int markRefunded(@Param("id") long id);

    @Update("UPDATE workflow_run SET state = 'RUNNING_EXECUTION' WHERE id = #{id} AND state = 'SUBMITTED'") // expect: IDEM008 "RUNNING_EXECUTION"
    int start(@Param("id") long id);
    @Update("UPDATE workflow_run SET state = 'SUCCESS' WHERE id = #{id}")
    int finish(@Param("id") long id);

    @Update("UPDATE transfer SET status = 'IN_FLIGHT' WHERE id = #{id} AND status = 'NEW'") // expect: IDEM008 "IN_FLIGHT"
    int send(@Param("id") long id);
    @Update("UPDATE transfer SET status = 'SETTLED' WHERE id = #{id}")
    int settle(@Param("id") long id);
}

enum SyncStatus { NEW, SYNCING, SYNCED }

class Product {
    SyncStatus status;
    void setStatus(SyncStatus s) { status = s; }
}

interface ProductRepository extends JpaRepository<Product, Long> {
    @Query("select p from Product p where p.status = 'NEW'")
    List<Product> findNew();
}

public class Jobs {
    ExportMapper mapper;
    ProductRepository products;
    PartnerClient partner;

    @Scheduled(fixedDelay = 60000)
    public void export() {
        for (Long id : mapper.selectNew()) {
            if (mapper.markExporting(id) != 1) {
                continue;
            }
            partner.upload(id);
            mapper.markDone(id);
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void refund(long id) {
        if (mapper.markRefunding(id) == 1) {
            partner.refund(id);
            mapper.markRefunded(id);
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void run(long id) {
        if (mapper.start(id) == 1) {
            partner.execute(id);
            mapper.finish(id);
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void transfer(long id) {
        if (mapper.send(id) == 1) {
            partner.transfer(id);
            mapper.settle(id);
        }
    }

    @Scheduled(fixedDelay = 60000)
    public void sync() {
        for (Product p : products.findNew()) {
            p.setStatus(SyncStatus.SYNCING);
            products.save(p); // expect: IDEM008 "SYNCING"
            partner.push(p);
            p.setStatus(SyncStatus.SYNCED);
            products.save(p);
        }
    }
}
