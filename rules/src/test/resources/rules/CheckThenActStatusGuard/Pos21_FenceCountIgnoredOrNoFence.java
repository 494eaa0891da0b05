// Not fenced enough: a version-fenced write whose row count is ignored (a second run's write updates nothing, but it
// still releases the stock), and a write whose extra predicate is on create_time, which no one changes (not a fence).
package com.example.idem004.pos21;

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
        if ("PENDING".equals(t.getStatus())) { // expect: IDEM004 "two separate steps"
            mapper.finishAtVersion(id, t.getVersion());
            stockMapper.release(t.getSkuId());
        }
    }

    public void cancel(long id) {
        Task t = mapper.selectById(id);
        if ("PENDING".equals(t.getStatus())) { // expect: IDEM004 "two separate steps"
            if (mapper.cancelCreatedAt(id, t.getCreateTime()) != 1) {
                return;
            }
            stockMapper.release(t.getSkuId());
        }
    }
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, sku_id, status, version, create_time FROM task WHERE id = #{id}")
    Task selectById(@Param("id") long id);

    @Update("UPDATE task SET status = 'DONE', version = version + 1 WHERE id = #{id} AND version = #{version}")
    int finishAtVersion(@Param("id") long id, @Param("version") int version);

    @Update("UPDATE task SET status = 'CANCELLED' WHERE id = #{id} AND create_time = #{createTime}")
    int cancelCreatedAt(@Param("id") long id, @Param("createTime") Date createTime);
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
    private Date createTime;

    public long getSkuId() { return skuId; }
    public String getStatus() { return status; }
    public int getVersion() { return version; }
    public Date getCreateTime() { return createTime; }
}
