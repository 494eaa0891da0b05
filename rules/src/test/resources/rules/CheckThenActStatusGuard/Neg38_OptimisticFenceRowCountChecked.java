// The write after the status check is fenced optimistically and its row count is checked: a version predicate
// (version = #{version}), a last-modified predicate (update_time = #{updateTime}) and an expected old value of a column
// the statement also sets. A second run that read the same old row updates nothing and stops; no finding.
package com.example.idem004.neg38;

import java.util.Date;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class TaskService {

    private final TaskMapper mapper;
    private final StockMapper stockMapper;

    public TaskService(TaskMapper mapper, StockMapper stockMapper) {
        this.mapper = mapper;
        this.stockMapper = stockMapper;
    }

    public void finish(long id) {
        Task t = mapper.selectById(id);
        if ("PENDING".equals(t.getStatus())) {
            if (mapper.finishAtVersion(id, t.getVersion()) != 1) {
                return;
            }
            stockMapper.release(t.getSkuId());
        }
    }

    public void cancel(long id) {
        Task t = mapper.selectById(id);
        if (!"PENDING".equals(t.getStatus())) {
            return;
        }
        int n = mapper.cancelIfUnchanged(id, t.getUpdateTime());
        if (n == 0) {
            throw new IllegalStateException("changed by another run");
        }
        stockMapper.release(t.getSkuId());
    }

    public void close(long id) {
        Task t = mapper.selectById(id);
        if ("PENDING".equals(t.getStatus()) && mapper.closeIfSameTxn(id, t.getTxnNo(), t.getTxnNo() + 1) == 1) {
            stockMapper.release(t.getSkuId());
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, sku_id, status, version, update_time, txn_no FROM task WHERE id = #{id}")
    Task selectById(@Param("id") long id);

    @Update("UPDATE task SET status = 'DONE', version = version + 1 WHERE id = #{id} AND version = #{version}")
    int finishAtVersion(@Param("id") long id, @Param("version") int version);

    @Update("UPDATE task SET status = 'CANCELLED', update_time = NOW() WHERE id = #{id} AND update_time = #{updateTime}")
    int cancelIfUnchanged(@Param("id") long id, @Param("updateTime") Date updateTime);

    @Update("UPDATE task SET status = 'CLOSED', txn_no = #{next} WHERE id = #{id} AND txn_no = #{expected}")
    int closeIfSameTxn(@Param("id") long id, @Param("expected") long expected, @Param("next") long next);
}

@Mapper
interface StockMapper {

    @Update("UPDATE sku_stock SET locked = locked - 1 WHERE sku_id = #{skuId}")
    int release(@Param("skuId") long skuId);
}

class Task {
    private long skuId;
    private String status;
    private int version;
    private Date updateTime;
    private long txnNo;

    public long getSkuId() { return skuId; }
    public String getStatus() { return status; }
    public int getVersion() { return version; }
    public Date getUpdateTime() { return updateTime; }
    public long getTxnNo() { return txnNo; }
}
